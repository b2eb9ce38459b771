package orders

import "strings"

// Price list in cents per piece (dry cleaning) or per bag (wash & fold).
var priceList = map[string]map[string]int64{
	"wash_fold": {
		"bag": 2900,
	},
	"dry_clean": {
		"shirt":    450,
		"trousers": 900,
		"suit":     1900,
		"dress":    1500,
		"coat":     2400,
		"jumper":   850,
		"bedding":  2200,
	},
}

const (
	defaultItemCents = 1000
	expressFeeCents  = 1200
)

func unitPrice(service, garment string) int64 {
	if tbl, ok := priceList[service]; ok {
		if p, ok := tbl[strings.ToLower(garment)]; ok {
			return p
		}
	}
	return defaultItemCents
}

func validService(s string) bool {
	_, ok := priceList[s]
	return ok
}

func expressFee(service string, estimate int64) int64 {
	fee := estimate / 5
	if fee < expressFeeCents {
		fee = expressFeeCents
	}
	return fee
}
