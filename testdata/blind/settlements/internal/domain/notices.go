package domain

import "time"

// NoticeKind names the template family of a claimant notice.
type NoticeKind string

const (
	NoticeDistributionStatement NoticeKind = "distribution_statement"
	NoticePaymentReturned       NoticeKind = "payment_returned"
	NoticeFinalStatement        NoticeKind = "final_statement"
	NoticeAdHoc                 NoticeKind = "ad_hoc"
)

// NoticeStatus is the delivery state of a notice.
type NoticeStatus string

const (
	NoticePending NoticeStatus = "pending"
	NoticeSending NoticeStatus = "sending"
	NoticeSent    NoticeStatus = "sent"
	NoticeFailed  NoticeStatus = "failed"
	NoticeBounced NoticeStatus = "bounced"
)

// Notice is an email to a claimant.
type Notice struct {
	ID                string       `db:"id" json:"id"`
	SettlementID      string       `db:"settlement_id" json:"settlement_id"`
	ClaimantID        string       `db:"claimant_id" json:"claimant_id"`
	Kind              NoticeKind   `db:"kind" json:"kind"`
	RequestKey        *string      `db:"request_key" json:"-"`
	ToAddress         string       `db:"to_address" json:"to_address"`
	Subject           string       `db:"subject" json:"subject"`
	Body              string       `db:"body" json:"-"`
	Status            NoticeStatus `db:"status" json:"status"`
	ProviderMessageID *string      `db:"provider_message_id" json:"provider_message_id,omitempty"`
	Attempts          int          `db:"attempts" json:"attempts"`
	LastError         *string      `db:"last_error" json:"last_error,omitempty"`
	SentAt            *time.Time   `db:"sent_at" json:"sent_at,omitempty"`
	CreatedAt         time.Time    `db:"created_at" json:"created_at"`
	UpdatedAt         time.Time    `db:"updated_at" json:"updated_at"`
}

// ACHEvent is a stored payments-provider webhook event.
type ACHEvent struct {
	ProviderEventID string     `db:"provider_event_id"`
	EventType       string     `db:"event_type"`
	PaymentID       string     `db:"payment_id"`
	Payload         []byte     `db:"payload"`
	ReceivedAt      time.Time  `db:"received_at"`
	ProcessedAt     *time.Time `db:"processed_at"`
}
