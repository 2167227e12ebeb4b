package x

func f() {
	//book:region Beta_Cutoff
	g()
	//book:end Beta_Cutoff
}
