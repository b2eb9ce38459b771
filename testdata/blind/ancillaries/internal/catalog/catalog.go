// Package catalog prices ancillaries and maps them to ATPCO sub-codes.
package catalog

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/skyway-air/ancillaries/internal/domain"
)

// Offer is a priced ancillary. Amounts are list prices in minor units of
// the booking currency.
type Offer struct {
	Product     domain.Product
	Code        string
	Description string
	Amount      int64
	Refundable  bool
}

// Seat prices a seat by row: the front zone and exit rows cost more.
// Seats are not refundable.
func Seat(seat, currency string) (Offer, error) {
	row, err := seatRow(seat)
	if err != nil {
		return Offer{}, err
	}
	o := Offer{Product: domain.ProductSeat, Code: seat}
	switch {
	case row <= 5:
		o.Description, o.Amount = "Front zone seat "+seat, 3500
	case row == 12 || row == 13:
		o.Description, o.Amount = "Extra legroom seat "+seat, 4500
	default:
		o.Description, o.Amount = "Standard seat "+seat, 1500
	}
	return o, nil
}

// Baggage prices extra checked pieces.
func Baggage(pieces, weightKg int, currency string) (Offer, error) {
	if pieces < 1 || pieces > 5 {
		return Offer{}, fmt.Errorf("catalog: %d pieces not allowed", pieces)
	}
	per, code := int64(4000), "BAG23"
	if weightKg > 23 {
		per, code = 6500, "BAG32"
	}
	return Offer{
		Product:     domain.ProductBaggage,
		Code:        code,
		Description: fmt.Sprintf("%d extra bag(s) up to %dkg", pieces, weightKg),
		Amount:      per * int64(pieces),
		Refundable:  true,
	}, nil
}

var lounges = map[string]struct {
	name  string
	price int64
}{
	"LHR-T5-GAL": {"Galleries Lounge, Heathrow T5", 4500},
	"AMS-L-52":   {"Skyway Lounge 52, Schiphol", 3900},
	"FRA-B-SEN":  {"Senator Lounge B, Frankfurt", 5200},
}

// Lounge prices a lounge pass for a number of guests.
func Lounge(code string, guests int, currency string) (Offer, error) {
	l, ok := lounges[code]
	if !ok {
		return Offer{}, fmt.Errorf("catalog: unknown lounge %q", code)
	}
	if guests < 1 || guests > 4 {
		return Offer{}, fmt.Errorf("catalog: %d guests not allowed", guests)
	}
	return Offer{Product: domain.ProductLounge, Code: code, Description: l.name,
		Amount: l.price * int64(guests), Refundable: true}, nil
}

var meals = map[string]struct {
	desc  string
	price int64
}{
	"PREMIUM_HOT": {"Premium hot meal", 1800},
	"CHEF_SIG":    {"Chef's signature menu", 2900},
	"BREAKFAST":   {"Full breakfast", 1200},
}

// Meal prices a meal upgrade.
func Meal(code, currency string) (Offer, error) {
	m, ok := meals[code]
	if !ok {
		return Offer{}, fmt.Errorf("catalog: unknown meal %q", code)
	}
	return Offer{Product: domain.ProductMeal, Code: code, Description: m.desc,
		Amount: m.price, Refundable: true}, nil
}

// SubCodes returns the RFIC/RFISC pair used on the EMD.
func SubCodes(p domain.Product) (rfic, rfisc string) {
	switch p {
	case domain.ProductSeat:
		return "A", "0B5"
	case domain.ProductBaggage:
		return "C", "0CC"
	case domain.ProductLounge:
		return "E", "0BX"
	case domain.ProductMeal:
		return "G", "0B3"
	}
	return "I", "99I"
}

// MilesFor returns the partner miles earned by a flown item.
func MilesFor(item domain.OrderItem) int {
	switch item.Product {
	case domain.ProductSeat:
		return int(item.Amount / 20)
	case domain.ProductBaggage:
		return 100 * item.Quantity
	case domain.ProductLounge:
		return 50 * item.Quantity
	case domain.ProductMeal:
		return 25
	}
	return 0
}

func seatRow(seat string) (int, error) {
	seat = strings.ToUpper(strings.TrimSpace(seat))
	if len(seat) < 2 {
		return 0, fmt.Errorf("catalog: bad seat %q", seat)
	}
	row, err := strconv.Atoi(seat[:len(seat)-1])
	if err != nil || row < 1 || row > 60 {
		return 0, fmt.Errorf("catalog: bad seat %q", seat)
	}
	if c := seat[len(seat)-1]; c < 'A' || c > 'K' {
		return 0, fmt.Errorf("catalog: bad seat %q", seat)
	}
	return row, nil
}
