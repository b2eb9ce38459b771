package domain

import "fmt"

// Money is an amount in minor units of Currency.
type Money struct {
	Cents    int64  `json:"cents"`
	Currency string `json:"currency"`
}

func NewMoney(cents int64, currency string) Money {
	return Money{Cents: cents, Currency: currency}
}

func (m Money) Add(o Money) Money {
	return Money{Cents: m.Cents + o.Cents, Currency: m.Currency}
}

func (m Money) Sub(o Money) Money {
	return Money{Cents: m.Cents - o.Cents, Currency: m.Currency}
}

// Percent returns bps basis points of m, rounded half up.
func (m Money) Percent(bps int) Money {
	return Money{Cents: (m.Cents*int64(bps) + 5000) / 10000, Currency: m.Currency}
}

func (m Money) IsZero() bool { return m.Cents == 0 }

func (m Money) String() string {
	return fmt.Sprintf("%d.%02d %s", m.Cents/100, m.Cents%100, m.Currency)
}

const DefaultCurrency = "gbp"
