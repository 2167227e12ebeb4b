package x

func f() {
	//book:region a
	g()
}
