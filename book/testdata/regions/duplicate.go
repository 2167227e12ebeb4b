package x

func f() {
	//book:region a
	g()
	//book:end a
	//book:region a
	g()
	//book:end a
}
