package store

import "time"

// Row types for the tables served by the generic Repo.

type Reservation struct {
	ID              string    `db:"id"`
	FacilityID      string    `db:"facility_id"`
	SizeCode        string    `db:"size_code"`
	CustomerID      string    `db:"customer_id"`
	MoveInDate      time.Time `db:"move_in_date"`
	QuotedRateCents int64     `db:"quoted_rate_cents"`
	Status          string    `db:"status"`
	CreatedAt       time.Time `db:"created_at"`
}

func (Reservation) TableName() string { return "reservations" }
func (Reservation) Columns() []string {
	return []string{"id", "facility_id", "size_code", "customer_id", "move_in_date", "quoted_rate_cents", "status", "created_at"}
}
func (r *Reservation) Values() []any {
	return []any{r.ID, r.FacilityID, r.SizeCode, r.CustomerID, r.MoveInDate, r.QuotedRateCents, r.Status, r.CreatedAt}
}

type GateEventRow struct {
	EventID    string    `db:"event_id"`
	SiteID     string    `db:"site_id"`
	DoorID     *string   `db:"door_id"`
	UnitID     *string   `db:"unit_id"`
	RentalID   *string   `db:"rental_id"`
	Kind       string    `db:"kind"`
	PINLast4   *string   `db:"pin_last4"`
	OccurredAt time.Time `db:"occurred_at"`
}

func (GateEventRow) TableName() string { return "gate_events" }
func (GateEventRow) Columns() []string {
	return []string{"event_id", "site_id", "door_id", "unit_id", "rental_id", "kind", "pin_last4", "occurred_at"}
}
func (g *GateEventRow) Values() []any {
	return []any{g.EventID, g.SiteID, g.DoorID, g.UnitID, g.RentalID, g.Kind, g.PINLast4, g.OccurredAt}
}

type GateAlert struct {
	ID         string    `db:"id"`
	EventID    string    `db:"event_id"`
	RentalID   string    `db:"rental_id"`
	Kind       string    `db:"kind"`
	NotifiedAt time.Time `db:"notified_at"`
}

func (GateAlert) TableName() string { return "gate_alerts" }
func (GateAlert) Columns() []string {
	return []string{"id", "event_id", "rental_id", "kind", "notified_at"}
}
func (a *GateAlert) Values() []any {
	return []any{a.ID, a.EventID, a.RentalID, a.Kind, a.NotifiedAt}
}

type Incident struct {
	ID            string    `db:"id"`
	UnitID        string    `db:"unit_id"`
	RentalID      *string   `db:"rental_id"`
	Kind          string    `db:"kind"`
	SourceEventID *string   `db:"source_event_id"`
	Status        string    `db:"status"`
	OpenedAt      time.Time `db:"opened_at"`
}

func (Incident) TableName() string { return "incidents" }
func (Incident) Columns() []string {
	return []string{"id", "unit_id", "rental_id", "kind", "source_event_id", "status", "opened_at"}
}
func (i *Incident) Values() []any {
	return []any{i.ID, i.UnitID, i.RentalID, i.Kind, i.SourceEventID, i.Status, i.OpenedAt}
}

type AuctionNotice struct {
	AuctionID   string     `db:"auction_id"`
	Kind        string     `db:"kind"`
	Status      string     `db:"status"`
	ProviderRef *string    `db:"provider_ref"`
	CreatedAt   time.Time  `db:"created_at"`
	SentAt      *time.Time `db:"sent_at"`
}

func (AuctionNotice) TableName() string { return "auction_notices" }
func (AuctionNotice) Columns() []string {
	return []string{"auction_id", "kind", "status", "provider_ref", "created_at", "sent_at"}
}
func (n *AuctionNotice) Values() []any {
	return []any{n.AuctionID, n.Kind, n.Status, n.ProviderRef, n.CreatedAt, n.SentAt}
}

type Notice struct {
	NoticeKey         string     `db:"notice_key"`
	RentalID          *string    `db:"rental_id"`
	Template          string     `db:"template"`
	Channel           string     `db:"channel"`
	Recipient         string     `db:"recipient"`
	Status            string     `db:"status"`
	ProviderMessageID *string    `db:"provider_message_id"`
	CreatedAt         time.Time  `db:"created_at"`
	SentAt            *time.Time `db:"sent_at"`
}

func (Notice) TableName() string { return "notices" }
func (Notice) Columns() []string {
	return []string{"notice_key", "rental_id", "template", "channel", "recipient", "status", "provider_message_id", "created_at", "sent_at"}
}
func (n *Notice) Values() []any {
	return []any{n.NoticeKey, n.RentalID, n.Template, n.Channel, n.Recipient, n.Status, n.ProviderMessageID, n.CreatedAt, n.SentAt}
}
