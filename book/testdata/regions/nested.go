package x

func f() {
	//book:region outer
	if x {
		//book:region inner
		g()
		//book:end inner
	}
	//book:end outer
}
