package workflows

// Brokerage fee schedule, in euro cents per cleared declaration, by the
// number of declarations already cleared for the importer this month.
var brokerageTiers = []struct {
	upTo int
	fee  int64
}{
	{upTo: 20, fee: 6500},
	{upTo: 100, fee: 4900},
	{upTo: 500, fee: 3900},
	{upTo: 1 << 30, fee: 2900},
}

// brokerageFee returns the fee for the n-th cleared declaration of a month.
func brokerageFee(n int) int64 {
	for _, t := range brokerageTiers {
		if n <= t.upTo {
			return t.fee
		}
	}
	return brokerageTiers[len(brokerageTiers)-1].fee
}

// disbursementFee is charged when the brokerage pays duties on the
// importer's behalf: 2.5% of the amount, at least 15 EUR.
func disbursementFee(amountCents int64) int64 {
	fee := amountCents * 25 / 1000
	if fee < 1500 {
		fee = 1500
	}
	return fee
}
