package a

func bad() {}

func marked() {} // want marked:"marked"

func f() {
	bad() // want "call of bad"
	bad() // want "call of bad" "call of bad"
	bad() // want "call of good"
	bad()
	// want +1 "call of bad"
	bad()
}
