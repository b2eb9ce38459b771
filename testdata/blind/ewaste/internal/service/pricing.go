package service

import (
	"fmt"
	"strings"
)

// PriceBook holds buy-back base prices and resale multipliers. It is loaded
// from the pricing team's weekly sheet; the defaults cover local runs.
type PriceBook struct {
	// base offer for a device in "good" condition, keyed by manufacturer/model
	Base map[string]int64
	// per-GB uplift over the model's base storage
	PerGB int64
	// multiplier applied to the base for the customer's claimed condition
	Claimed map[string]float64
	// multiplier applied to the quoted amount once the warehouse grades
	Graded map[string]float64
	// resale markup over the final buy price per grade
	ResaleMarkup map[string]float64
	// floor below which a device is recycled rather than resold
	RecycleFloorCents int64
}

// DefaultPriceBook returns the built-in price book.
func DefaultPriceBook() *PriceBook {
	return &PriceBook{
		Base: map[string]int64{
			"apple/iphone 13":      28000,
			"apple/iphone 14":      36000,
			"apple/iphone 15":      47000,
			"apple/ipad air 5":     26000,
			"samsung/galaxy s22":   21000,
			"samsung/galaxy s23":   29000,
			"google/pixel 7":       17000,
			"google/pixel 8":       25000,
			"apple/macbook air m1": 39000,
			"lenovo/thinkpad t14":  18000,
			"dell/latitude 7420":   16000,
			"nintendo/switch oled": 15000,
		},
		PerGB: 20,
		Claimed: map[string]float64{
			"flawless": 1.10, "good": 1.00, "fair": 0.80, "broken": 0.35,
		},
		Graded: map[string]float64{
			"A": 1.00, "B": 0.92, "C": 0.78, "D": 0.55, "F": 0.08,
		},
		ResaleMarkup: map[string]float64{
			"A": 1.45, "B": 1.38, "C": 1.30, "D": 1.25,
		},
		RecycleFloorCents: 1500,
	}
}

func key(manufacturer, model string) string {
	return strings.ToLower(strings.TrimSpace(manufacturer)) + "/" + strings.ToLower(strings.TrimSpace(model))
}

// Quote prices a device from the customer's description.
func (b *PriceBook) Quote(manufacturer, model string, storageGB int, claimed string) (int64, error) {
	base, ok := b.Base[key(manufacturer, model)]
	if !ok {
		return 0, fmt.Errorf("%w: no price for %s %s", ErrInvalid, manufacturer, model)
	}
	mult, ok := b.Claimed[strings.ToLower(claimed)]
	if !ok {
		return 0, fmt.Errorf("%w: unknown condition %q", ErrInvalid, claimed)
	}
	uplift := int64(0)
	if storageGB > 128 {
		uplift = int64(storageGB-128) * b.PerGB
	}
	return roundCents(float64(base+uplift) * mult), nil
}

// FinalOffer adjusts a quoted amount for the warehouse grade and checks.
func (b *PriceBook) FinalOffer(quoted int64, grade string, batteryHealth *int, activationLocked bool) int64 {
	if activationLocked {
		// Locked devices can only be recycled for parts.
		return 0
	}
	mult, ok := b.Graded[grade]
	if !ok {
		mult = b.Graded["F"]
	}
	amount := float64(quoted) * mult
	if batteryHealth != nil && *batteryHealth < 80 {
		amount *= 0.92
	}
	return roundCents(amount)
}

// ResalePrice is the marketplace list price for a graded unit.
func (b *PriceBook) ResalePrice(buyPrice int64, grade string) (int64, bool) {
	markup, ok := b.ResaleMarkup[grade]
	if !ok || buyPrice < b.RecycleFloorCents {
		return 0, false
	}
	// List at .99 for the marketplace's price filters.
	p := roundCents(float64(buyPrice)*markup)/100*100 + 99
	return p, true
}

// StoreCreditBonus is the uplift for choosing store credit over a transfer.
func (b *PriceBook) StoreCreditBonus(amount int64) int64 {
	return amount + roundCents(float64(amount)*0.10)
}

func roundCents(v float64) int64 {
	return int64(v + 0.5)
}

// ConditionLabel maps a warehouse grade onto the marketplace's condition.
func ConditionLabel(grade string) string {
	switch grade {
	case "A":
		return "excellent"
	case "B":
		return "good"
	default:
		return "fair"
	}
}
