package booking

import "time"

// Package is a priced offering a photographer sells.
type Package struct {
	Code         string
	Hours        int
	TotalCents   int64
	DepositRatio float64
}

var packages = map[string]Package{
	"portrait-2h": {Code: "portrait-2h", Hours: 2, TotalCents: 45000, DepositRatio: 0.3},
	"event-4h":    {Code: "event-4h", Hours: 4, TotalCents: 120000, DepositRatio: 0.25},
	"wedding-8h":  {Code: "wedding-8h", Hours: 8, TotalCents: 320000, DepositRatio: 0.25},
	"wedding-12h": {Code: "wedding-12h", Hours: 12, TotalCents: 450000, DepositRatio: 0.25},
}

// LookupPackage returns the package for code.
func LookupPackage(code string) (Package, bool) {
	p, ok := packages[code]
	return p, ok
}

// Deposit returns the deposit amount for the package.
func (p Package) Deposit() int64 {
	return int64(float64(p.TotalCents) * p.DepositRatio)
}

// holdDuration is how long an unpaid booking keeps the photographer's day.
const holdDuration = 48 * time.Hour

// freeCancellationWindow is how long before the event a client can cancel
// and get the deposit back.
const freeCancellationWindow = 30 * 24 * time.Hour
