package app

import (
	"fmt"

	"github.com/northsound/ferrydesk/internal/domain"
)

// Fares is the published fare table. Prices are per sailing, in pence.
type Fares struct {
	Passenger map[domain.FareClass]int64
	Vehicle   map[string]vehicleFare
}

type vehicleFare struct {
	Base      int64
	PerMetre  int64
	MaxLength int
}

// DefaultFares is the current season's fare table.
func DefaultFares() Fares {
	return Fares{
		Passenger: map[domain.FareClass]int64{
			domain.FareAdult:  3450,
			domain.FareChild:  1725,
			domain.FareInfant: 0,
			domain.FareSenior: 2900,
		},
		Vehicle: map[string]vehicleFare{
			"motorcycle": {Base: 2200, PerMetre: 0, MaxLength: 300},
			"car":        {Base: 7900, PerMetre: 0, MaxLength: 500},
			"van":        {Base: 9900, PerMetre: 900, MaxLength: 700},
			"campervan":  {Base: 12900, PerMetre: 1100, MaxLength: 1000},
			"hgv":        {Base: 24500, PerMetre: 1800, MaxLength: 1850},
		},
	}
}

// PassengerFare prices one passenger.
func (f Fares) PassengerFare(class domain.FareClass) (int64, error) {
	base, ok := f.Passenger[class]
	if !ok {
		return 0, invalid("fare_class", fmt.Sprintf("unknown fare class %q", class))
	}
	return base, nil
}

// VehicleFare prices one vehicle. Vans and longer pay per started metre over
// five metres.
func (f Fares) VehicleFare(kind string, lengthCM int) (int64, error) {
	vf, ok := f.Vehicle[kind]
	if !ok {
		return 0, invalid("vehicle_type", fmt.Sprintf("unknown vehicle type %q", kind))
	}
	if lengthCM <= 0 || lengthCM > vf.MaxLength {
		return 0, invalid("length_cm", fmt.Sprintf("must be between 1 and %d for a %s", vf.MaxLength, kind))
	}
	price := vf.Base
	if over := lengthCM - 500; over > 0 && vf.PerMetre > 0 {
		price += int64((over+99)/100) * vf.PerMetre
	}
	return price, nil
}
