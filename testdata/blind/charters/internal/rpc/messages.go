package rpc

import "time"

type CreateListingRequest struct {
	SkipperID    string `json:"skipper_id"`
	Name         string `json:"name"`
	Registration string `json:"registration"`
	Category     string `json:"category"`
	LengthCm     int32  `json:"length_cm"`
	HomeMarinaID string `json:"home_marina_id"`
}

type Boat struct {
	ID           string    `json:"id"`
	SkipperID    string    `json:"skipper_id"`
	Name         string    `json:"name"`
	Registration string    `json:"registration"`
	Category     string    `json:"category"`
	LengthCm     int32     `json:"length_cm"`
	HomeMarinaID string    `json:"home_marina_id"`
	CreatedAt    time.Time `json:"created_at"`
}

type ScheduleTripRequest struct {
	BoatID     string    `json:"boat_id"`
	MarinaID   string    `json:"marina_id,omitempty"`
	DepartsAt  time.Time `json:"departs_at"`
	ReturnsAt  time.Time `json:"returns_at"`
	Capacity   int32     `json:"capacity"`
	PriceCents int64     `json:"price_cents"`
	DepositPct int32     `json:"deposit_pct,omitempty"`
}

type Trip struct {
	ID         string    `json:"id"`
	BoatID     string    `json:"boat_id"`
	MarinaID   string    `json:"marina_id"`
	DepartsAt  time.Time `json:"departs_at"`
	ReturnsAt  time.Time `json:"returns_at"`
	SeatsLeft  int32     `json:"seats_left"`
	PriceCents int64     `json:"price_cents"`
	Status     string    `json:"status"`
}

type ListTripsRequest struct {
	MarinaID string    `json:"marina_id"`
	From     time.Time `json:"from,omitempty"`
	Cursor   string    `json:"cursor,omitempty"`
	Limit    int32     `json:"limit,omitempty"`
}

type ListTripsResponse struct {
	Trips      []Trip `json:"trips"`
	NextCursor string `json:"next_cursor,omitempty"`
}

type HoldTripRequest struct {
	TripID     string `json:"trip_id"`
	CustomerID string `json:"customer_id"`
	Seats      int32  `json:"seats"`
}

type HoldTripResponse struct {
	HoldID    string    `json:"hold_id"`
	ExpiresAt time.Time `json:"expires_at"`
}

type ReleaseHoldRequest struct {
	HoldID string `json:"hold_id"`
}

type Empty struct{}

type BookTripRequest struct {
	HoldID string `json:"hold_id"`
}

type BookTripResponse struct {
	BookingID     string `json:"booking_id"`
	TotalCents    int64  `json:"total_cents"`
	DepositCents  int64  `json:"deposit_cents"`
	DepositStatus string `json:"deposit_status"`
}

type ChargeBalanceRequest struct {
	BookingID string `json:"booking_id"`
}

type ChargeBalanceResponse struct {
	ChargeID    string `json:"charge_id,omitempty"`
	AmountCents int64  `json:"amount_cents"`
	AlreadyPaid bool   `json:"already_paid"`
}

type RequestBerthRequest struct {
	TripID string `json:"trip_id"`
}

type RequestBerthResponse struct {
	BerthRequestID string `json:"berth_request_id"`
	Status         string `json:"status"`
	PartnerRef     string `json:"partner_ref,omitempty"`
}

type CrewAssignment struct {
	CrewMemberID string `json:"crew_member_id"`
	Role         string `json:"role"`
	Hours        int32  `json:"hours"`
}

type AssignCrewRequest struct {
	TripID string           `json:"trip_id"`
	Crew   []CrewAssignment `json:"crew"`
}

type AddExtraRequest struct {
	BookingID string `json:"booking_id"`
	Code      string `json:"code"`
	Quantity  int32  `json:"quantity"`
}

type AddExtraResponse struct {
	ExtraID    string `json:"extra_id"`
	PriceCents int64  `json:"price_cents"`
	TotalCents int64  `json:"total_cents"`
}

type OrderFuelRequest struct {
	TripID   string `json:"trip_id"`
	Litres   int32  `json:"litres"`
	FuelType string `json:"fuel_type"`
}

type OrderFuelResponse struct {
	OrderRef   string `json:"order_ref"`
	PriceCents int64  `json:"price_cents"`
}

type CancelTripRequest struct {
	BookingID string `json:"booking_id"`
	Reason    string `json:"reason"`
}

type CancelTripResponse struct {
	BookingID    string `json:"booking_id"`
	RefundCents  int64  `json:"refund_cents"`
	RefundStatus string `json:"refund_status,omitempty"`
}

type FeeLine struct {
	Type        string `json:"type"`
	AmountCents int64  `json:"amount_cents"`
}

type BillTripFeesRequest struct {
	BookingID string    `json:"booking_id"`
	Fees      []FeeLine `json:"fees"`
}

type BillTripFeesResponse struct {
	ChargeIDs []string `json:"charge_ids"`
}
