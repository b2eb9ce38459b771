package domain

import (
	"database/sql"
	"time"
)

// EMDIssuance tracks the issuing of an electronic miscellaneous document for
// one paid order item through the GDS.
type EMDIssuance struct {
	ID          string         `db:"id"`
	OrderItemID string         `db:"order_item_id"`
	ClientRef   string         `db:"client_ref"`
	Status      string         `db:"status"`
	EMDNumber   sql.NullString `db:"emd_number"`
	Attempts    int            `db:"attempts"`
	LastError   sql.NullString `db:"last_error"`
	CreatedAt   time.Time      `db:"created_at"`
	UpdatedAt   time.Time      `db:"updated_at"`
}

const (
	EMDPending = "pending"
	EMDIssued  = "issued"
	EMDVoided  = "voided"
	EMDRefund  = "refunded"
)

// EMDReissue is an agent-initiated reissue of an existing EMD.
type EMDReissue struct {
	OrderItemID  string         `db:"order_item_id"`
	Revision     int            `db:"revision"`
	ClientRef    string         `db:"client_ref"`
	Reason       string         `db:"reason"`
	AgentID      string         `db:"agent_id"`
	Status       string         `db:"status"`
	NewEMDNumber sql.NullString `db:"new_emd_number"`
	CreatedAt    time.Time      `db:"created_at"`
}

// MilesAccrual is a credit of partner-programme miles for a flown ancillary
// or a goodwill gesture.
type MilesAccrual struct {
	ID            string         `db:"id"`
	OrderItemID   sql.NullString `db:"order_item_id"`
	PNR           string         `db:"pnr"`
	LoyaltyNumber string         `db:"loyalty_number"`
	Miles         int            `db:"miles"`
	Source        string         `db:"source"`
	Reason        sql.NullString `db:"reason"`
	Status        string         `db:"status"`
	PartnerTxnID  sql.NullString `db:"partner_txn_id"`
	BusinessDate  time.Time      `db:"business_date"`
	CreatedAt     time.Time      `db:"created_at"`
}

const (
	AccrualPending = "pending"
	AccrualPosted  = "posted"
)

// StatementLine is one line of a member's miles statement.
type StatementLine struct {
	ID            int64     `db:"id"`
	LoyaltyNumber string    `db:"loyalty_number"`
	AccrualID     string    `db:"accrual_id"`
	Miles         int       `db:"miles"`
	Description   string    `db:"description"`
	PostedAt      time.Time `db:"posted_at"`
}

// ExportBatch is one nightly accrual file sent to the partner programme.
type ExportBatch struct {
	BatchID      string         `db:"batch_id"`
	BusinessDate time.Time      `db:"business_date"`
	Status       string         `db:"status"`
	LineCount    int            `db:"line_count"`
	PartnerRef   sql.NullString `db:"partner_ref"`
	CreatedAt    time.Time      `db:"created_at"`
}

// LoungePass is an entitlement to enter a lounge on a given day.
type LoungePass struct {
	ID             string       `db:"id"`
	OrderItemID    string       `db:"order_item_id"`
	Code           string       `db:"code"`
	LoungeCode     string       `db:"lounge_code"`
	ValidOn        time.Time    `db:"valid_on"`
	EntriesTotal   int          `db:"entries_total"`
	EntriesUsed    int          `db:"entries_used"`
	Status         string       `db:"status"`
	ReminderSentAt sql.NullTime `db:"reminder_sent_at"`
	ContactPhone   string       `db:"contact_phone"`
	CreatedAt      time.Time    `db:"created_at"`
}

// Remaining is the number of entries still available on the pass.
func (p LoungePass) Remaining() int { return p.EntriesTotal - p.EntriesUsed }

// Notification records a customer message that was sent.
type Notification struct {
	ID          string    `db:"id"`
	OrderID     string    `db:"order_id"`
	Template    string    `db:"template"`
	Channel     string    `db:"channel"`
	Recipient   string    `db:"recipient"`
	ProviderRef string    `db:"provider_ref"`
	SentAt      time.Time `db:"sent_at"`
}

// FlightDisruption is a flight-ops disruption the service acted on.
type FlightDisruption struct {
	EventID    string    `db:"event_id"`
	FlightID   string    `db:"flight_id"`
	Kind       string    `db:"kind"`
	ItemCount  int       `db:"item_count"`
	ReceivedAt time.Time `db:"received_at"`
}
