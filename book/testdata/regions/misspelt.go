package p

//book:stgae 9
func f() {
	// book:stage 9
	//book:chapter 3
	//Book:region a
}
