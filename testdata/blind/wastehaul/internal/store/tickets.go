package store

import (
	"context"
	"time"
)

// Ticket sources.
const (
	TicketSourceScale  = "scale"
	TicketSourceManual = "manual"
)

// Ticket is a weigh ticket from the scale house: gross, tare and net weight
// of one load on one customer's account.
type Ticket struct {
	ID             string    `db:"id"`
	ScaleVendor    string    `db:"scale_vendor"`
	VendorTicketNo string    `db:"vendor_ticket_no"`
	Source         string    `db:"source"`
	CustomerID     string    `db:"customer_id"`
	SiteID         *string   `db:"site_id"`
	LoadID         *string   `db:"load_id"`
	LandfillCode   string    `db:"landfill_code"`
	Material       string    `db:"material"`
	GrossKg        int64     `db:"gross_kg"`
	TareKg         int64     `db:"tare_kg"`
	NetKg          int64     `db:"net_kg"`
	WeighedAt      time.Time `db:"weighed_at"`
	Status         string    `db:"status"`
	VoidReason     *string   `db:"void_reason"`
	EnteredBy      *string   `db:"entered_by"`
	CreatedAt      time.Time `db:"created_at"`
}

// Adjustment is a scale-house weight correction on a ticket.
type Adjustment struct {
	ID            string
	TicketID      string
	VendorEventID string
	DeltaKg       int64
	Reason        string
}

// CreditMemo reverses the charge of a voided ticket.
type CreditMemo struct {
	ID          string
	TicketID    string
	CustomerID  string
	AmountCents int64
	Reason      string
}

// Tickets is the weigh-ticket aggregate.
type Tickets interface {
	Insert(ctx context.Context, q Querier, t Ticket) error
	Get(ctx context.Context, q Querier, id string) (Ticket, error)
	GetByVendorNo(ctx context.Context, q Querier, vendor, ticketNo string) (Ticket, error)
	ApplyAdjustment(ctx context.Context, q Querier, a Adjustment) error
	Void(ctx context.Context, q Querier, id, reason string) (bool, error)
	InsertCreditMemo(ctx context.Context, q Querier, m CreditMemo) (bool, error)
}

type ticketRepo struct{}

// NewTickets returns the Postgres ticket repository.
func NewTickets() Tickets { return ticketRepo{} }

const ticketCols = `id, scale_vendor, vendor_ticket_no, source, customer_id, site_id, load_id, landfill_code,
	material, gross_kg, tare_kg, net_kg, weighed_at, status, void_reason, entered_by, created_at`

func (ticketRepo) Insert(ctx context.Context, q Querier, t Ticket) error {
	_, err := q.Exec(ctx, `
		INSERT INTO weigh_tickets (id, scale_vendor, vendor_ticket_no, source, customer_id, site_id, load_id,
		                           landfill_code, material, gross_kg, tare_kg, net_kg, weighed_at, entered_by)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)`,
		t.ID, t.ScaleVendor, t.VendorTicketNo, t.Source, t.CustomerID, t.SiteID, t.LoadID,
		t.LandfillCode, t.Material, t.GrossKg, t.TareKg, t.NetKg, t.WeighedAt, t.EnteredBy)
	return err
}

func (ticketRepo) Get(ctx context.Context, q Querier, id string) (Ticket, error) {
	return one[Ticket](q.Query(ctx, `SELECT `+ticketCols+` FROM weigh_tickets WHERE id = $1`, id))
}

func (ticketRepo) GetByVendorNo(ctx context.Context, q Querier, vendor, ticketNo string) (Ticket, error) {
	return one[Ticket](q.Query(ctx,
		`SELECT `+ticketCols+` FROM weigh_tickets WHERE scale_vendor = $1 AND vendor_ticket_no = $2`,
		vendor, ticketNo))
}

func (ticketRepo) ApplyAdjustment(ctx context.Context, q Querier, a Adjustment) error {
	if _, err := q.Exec(ctx, `
		INSERT INTO ticket_adjustments (id, ticket_id, vendor_event_id, delta_kg, reason)
		VALUES ($1, $2, $3, $4, $5)`, a.ID, a.TicketID, a.VendorEventID, a.DeltaKg, a.Reason); err != nil {
		return err
	}
	_, err := q.Exec(ctx, `
		UPDATE weigh_tickets
		   SET gross_kg = gross_kg + $2, net_kg = net_kg + $2
		 WHERE id = $1`, a.TicketID, a.DeltaKg)
	return err
}

func (ticketRepo) Void(ctx context.Context, q Querier, id, reason string) (bool, error) {
	tag, err := q.Exec(ctx, `
		UPDATE weigh_tickets SET status = 'void', void_reason = $2
		 WHERE id = $1 AND status <> 'void'`, id, reason)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}

func (ticketRepo) InsertCreditMemo(ctx context.Context, q Querier, m CreditMemo) (bool, error) {
	tag, err := q.Exec(ctx, `
		INSERT INTO credit_memos (id, ticket_id, customer_id, amount_cents, reason)
		VALUES ($1, $2, $3, $4, $5)
		ON CONFLICT ON CONSTRAINT credit_memos_ticket_uq DO NOTHING`,
		m.ID, m.TicketID, m.CustomerID, m.AmountCents, m.Reason)
	if err != nil {
		return false, err
	}
	return tag.RowsAffected() == 1, nil
}
