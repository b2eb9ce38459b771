package model

import "time"

// Statement statuses.
const (
	StatementPublished    = "published"
	StatementAcknowledged = "acknowledged"
	StatementDisputed     = "disputed"
)

// Statement is a settlement statement sent to a wholesale counterparty.
type Statement struct {
	ID                string     `gorm:"primaryKey"`
	CounterpartyID    string     `gorm:"column:counterparty_id"`
	PeriodStart       time.Time  `gorm:"column:period_start;type:date"`
	PeriodEnd         time.Time  `gorm:"column:period_end;type:date"`
	Version           int        `gorm:"column:version"`
	TradeCount        int        `gorm:"column:trade_count"`
	NetAmountPence    int64      `gorm:"column:net_amount_pence"`
	Status            string     `gorm:"column:status"`
	SNSMessageID      string     `gorm:"column:sns_message_id"`
	AckRef            *string    `gorm:"column:ack_ref"`
	PublishedAt       time.Time  `gorm:"column:published_at"`
	AcknowledgedAt    *time.Time `gorm:"column:acknowledged_at"`
	LastRepublishedAt *time.Time `gorm:"column:last_republished_at"`
}

func (Statement) TableName() string { return "statements" }

// StatementDispute is a dispute raised by a counterparty against a statement.
type StatementDispute struct {
	ID          string    `gorm:"primaryKey"`
	StatementID string    `gorm:"column:statement_id"`
	DisputeRef  string    `gorm:"column:dispute_ref"`
	Reason      string    `gorm:"column:reason"`
	AmountPence int64     `gorm:"column:amount_pence"`
	RaisedAt    time.Time `gorm:"column:raised_at"`
	Status      string    `gorm:"column:status"`
}

func (StatementDispute) TableName() string { return "statement_disputes" }

// Counterparty is a wholesale trading counterparty.
type Counterparty struct {
	ID        string    `gorm:"primaryKey"`
	PartyCode string    `gorm:"column:party_code"`
	Name      string    `gorm:"column:name"`
	Active    bool      `gorm:"column:active"`
	CreatedAt time.Time `gorm:"column:created_at"`
}

func (Counterparty) TableName() string { return "counterparties" }
