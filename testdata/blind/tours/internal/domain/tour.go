package domain

import "time"

// Tour is a catalogue product: a fixed itinerary sold on many departures.
type Tour struct {
	ID             string    `db:"id" json:"id"`
	Code           string    `db:"code" json:"code"`
	Name           string    `db:"name" json:"name"`
	Days           int       `db:"days" json:"days"`
	BasePriceCents int64     `db:"base_price_cents" json:"base_price_cents"`
	DepositCents   int64     `db:"deposit_cents" json:"deposit_cents"`
	Currency       string    `db:"currency" json:"currency"`
	CreatedAt      time.Time `db:"created_at" json:"created_at"`
}

// DepartureStatus is the lifecycle of a departure.
type DepartureStatus string

const (
	DepartureOpen      DepartureStatus = "open"
	DepartureClosed    DepartureStatus = "closed"
	DepartureCancelled DepartureStatus = "cancelled"
	DepartureDeparted  DepartureStatus = "departed"
)

// Departure is one dated run of a tour.
type Departure struct {
	ID               string          `db:"id" json:"id"`
	TourID           string          `db:"tour_id" json:"tour_id"`
	StartDate        time.Time       `db:"start_date" json:"start_date"`
	EndDate          time.Time       `db:"end_date" json:"end_date"`
	Capacity         int             `db:"capacity" json:"capacity"`
	SeatsAvailable   int             `db:"seats_available" json:"seats_available"`
	PriceCents       int64           `db:"price_cents" json:"price_cents"`
	Currency         string          `db:"currency" json:"currency"`
	Status           DepartureStatus `db:"status" json:"status"`
	ConfirmedRooms   int             `db:"confirmed_rooms" json:"confirmed_rooms"`
	ManifestLockedAt *time.Time      `db:"manifest_locked_at" json:"manifest_locked_at,omitempty"`
	CreatedAt        time.Time       `db:"created_at" json:"created_at"`
}

// DaysUntil returns whole days from now until the departure starts.
func (d Departure) DaysUntil(now time.Time) int {
	start := time.Date(d.StartDate.Year(), d.StartDate.Month(), d.StartDate.Day(), 0, 0, 0, 0, time.UTC)
	today := time.Date(now.Year(), now.Month(), now.Day(), 0, 0, 0, 0, time.UTC)
	return int(start.Sub(today).Hours() / 24)
}

// ServiceKind is the type of supplier service a departure consumes.
type ServiceKind string

const (
	ServiceHotel ServiceKind = "hotel"
	ServiceCoach ServiceKind = "coach"
	ServiceGuide ServiceKind = "guide"
)

// Supplier is a hotel, coach company or guide agency we contract with.
type Supplier struct {
	ID              string      `db:"id" json:"id"`
	Name            string      `db:"name" json:"name"`
	Kind            ServiceKind `db:"kind" json:"kind"`
	PartnerCode     string      `db:"partner_code" json:"partner_code"`
	StripeAccountID string      `db:"stripe_account_id" json:"-"`
	OpsEmail        string      `db:"ops_email" json:"ops_email"`
	PaymentTermDays int         `db:"payment_term_days" json:"payment_term_days"`
	CreatedAt       time.Time   `db:"created_at" json:"created_at"`
}

// DepartureService is a line of the departure's operating plan: which
// supplier provides what on which date. Holds are placed per booking against
// each line.
type DepartureService struct {
	ID                string      `db:"id" json:"id"`
	DepartureID       string      `db:"departure_id" json:"departure_id"`
	SupplierID        string      `db:"supplier_id" json:"supplier_id"`
	PartnerCode       string      `db:"partner_code" json:"partner_code"`
	Kind              ServiceKind `db:"kind" json:"kind"`
	ServiceDate       time.Time   `db:"service_date" json:"service_date"`
	Nights            int         `db:"nights" json:"nights"`
	UnitsPerTraveller float64     `db:"units_per_traveller" json:"units_per_traveller"`
	UnitCostCents     int64       `db:"unit_cost_cents" json:"unit_cost_cents"`
}

// UnitsFor returns how many units (rooms, seats, guide-days) to hold for pax
// travellers, rounding up.
func (s DepartureService) UnitsFor(pax int) int {
	u := float64(pax) * s.UnitsPerTraveller
	n := int(u)
	if float64(n) < u {
		n++
	}
	if n < 1 {
		n = 1
	}
	return n
}
