package x

func f() {
	g()
	//book:end a
}
