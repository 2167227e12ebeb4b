package x

func f() {
	//book:region a
	//book:region b
	g()
	//book:end a
	//book:end b
}
