package domain

// BookingRequest starts the booking saga for a pending reservation.
type BookingRequest struct {
	ReservationID   string `json:"reservation_id"`
	Stay            Stay   `json:"stay"`
	Total           Money  `json:"total"`
	Guest           Guest  `json:"guest"`
	CustomerID      string `json:"customer_id"`
	PaymentMethodID string `json:"payment_method_id"`
	DepositMinor    int64  `json:"deposit_minor"`
	HoldMinutes     int    `json:"hold_minutes"`
}

// RelocationRequest starts a relocation ("walk") to a partner property.
type RelocationRequest struct {
	ReservationID     string `json:"reservation_id"`
	Channel           string `json:"channel"`
	PartnerPropertyID string `json:"partner_property_id"`
	Reason            string `json:"reason"`
	RequestedBy       string `json:"requested_by"`
}
