package domain

// Routing keys of the domain exchange.
const (
	EventReservationConfirmed = "reservation.confirmed"
	EventReservationCancelled = "reservation.cancelled"
	EventReservationImported  = "ota.reservation.imported"
	EventInventoryChanged     = "inventory.changed"
	EventCommissionDue        = "commission.due"
	EventGuestProfileUpdated  = "guest.profile.updated"
)

// ReservationEvent is the payload of reservation.* events.
type ReservationEvent struct {
	ReservationID string `json:"reservation_id"`
	Channel       string `json:"channel"`
	ChannelRef    string `json:"channel_ref"`
	Version       int    `json:"version"`
	Reason        string `json:"reason,omitempty"`
}

// InventoryChanged asks the channel manager to push availability for a range.
type InventoryChanged struct {
	PropertyID string   `json:"property_id"`
	RoomTypes  []string `json:"room_types"`
	From       string   `json:"from"`
	To         string   `json:"to"`
}

// CommissionDue is emitted by billing when an OTA invoice falls due.
type CommissionDue struct {
	Channel    string `json:"channel"`
	InvoiceRef string `json:"invoice_ref"`
	PropertyID string `json:"property_id"`
	Amount     Money  `json:"amount"`
	DueDate    string `json:"due_date"`
}

// GuestProfileUpdated is emitted by the PMS when a guest record changes.
type GuestProfileUpdated struct {
	ExternalID string            `json:"external_id"`
	Name       string            `json:"name"`
	Email      string            `json:"email"`
	Phone      string            `json:"phone"`
	Language   string            `json:"language"`
	Prefs      map[string]string `json:"preferences"`
	UpdatedAt  string            `json:"updated_at"`
}

// ImportedReservation is emitted by the OTA pull poller for each booking it
// finds in a channel's reservation feed.
type ImportedReservation struct {
	Channel    string `json:"channel"`
	ChannelRef string `json:"channel_ref"`
	Stay       Stay   `json:"stay"`
	Guest      Guest  `json:"guest"`
	Total      Money  `json:"total"`
}
