module fixture

go 1.26
