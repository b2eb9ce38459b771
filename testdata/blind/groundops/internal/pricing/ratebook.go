// Package pricing resolves contract rates for billable ground services.
package pricing

import (
	"context"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"

	"github.com/apronworks/groundops/internal/platform/database"
)

// Service codes used on service lines and contract rates.
const (
	CodeBaggage     = "BAG-HDL"
	CodePushback    = "PUSH"
	CodeCabinClean  = "CAB-CLN"
	CodeLavWater    = "LAV-WTR"
	CodeFuelIntoPl  = "FUEL-SUP"
	CodeDeiceType1  = "DEICE-I"
	CodeDeiceType4  = "ANTIICE-IV"
	CodeExtraCart   = "EXTRA-CART"
	CodeGPU         = "GPU-HR"
	CodeWheelchair  = "PRM-WCHR"
	CodeAdhocTurn   = "GA-TURN"
	CodeAdhocFuelCo = "GA-FUEL-COORD"
)

var ErrNoRate = errors.New("pricing: no contract rate")

// RateBook returns the unit price an airline pays for a service at a
// station on a given day.
type RateBook interface {
	UnitPrice(ctx context.Context, airlineID, station, serviceCode string, on time.Time) (int64, error)
	AdhocPrice(station, serviceCode string) (int64, string, error)
}

type dbRateBook struct {
	db *gorm.DB
	// adhoc is the published card price list for operators without a
	// contract; it changes rarely and ships with the binary.
	adhoc map[string]int64
}

func NewRateBook(db *gorm.DB) RateBook {
	return &dbRateBook{
		db: db,
		adhoc: map[string]int64{
			CodeAdhocTurn:   48000,
			CodeAdhocFuelCo: 9500,
			CodeGPU:         12000,
			CodeLavWater:    15000,
		},
	}
}

func (r *dbRateBook) UnitPrice(ctx context.Context, airlineID, station, serviceCode string, on time.Time) (int64, error) {
	var price int64
	err := database.Conn(ctx, r.db).Raw(`
		SELECT cr.unit_price_cents
		  FROM contract_rates cr
		  JOIN contracts c ON c.id = cr.contract_id
		 WHERE c.airline_id = ? AND c.station = ? AND cr.service_code = ?
		   AND c.valid_from <= ? AND (c.valid_to IS NULL OR c.valid_to >= ?)
		 ORDER BY c.valid_from DESC
		 LIMIT 1`, airlineID, station, serviceCode, on, on).Scan(&price).Error
	if err != nil {
		return 0, err
	}
	if price == 0 {
		return 0, fmt.Errorf("%w: %s at %s", ErrNoRate, serviceCode, station)
	}
	return price, nil
}

func (r *dbRateBook) AdhocPrice(station, serviceCode string) (int64, string, error) {
	p, ok := r.adhoc[serviceCode]
	if !ok {
		return 0, "", fmt.Errorf("%w: adhoc %s", ErrNoRate, serviceCode)
	}
	return p, "eur", nil
}
