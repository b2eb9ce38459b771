// Package ledger is the platform's double-entry book. Every movement of money
// (wages, tax withholding, reimbursements, returns) is posted as a balanced
// journal entry.
package ledger

import (
	"time"

	"github.com/google/uuid"
)

type JournalEntry struct {
	ID             string    `gorm:"primaryKey"`
	CompanyID      uuid.UUID `gorm:"type:uuid;not null"`
	IdempotencyKey *string
	Description    string        `gorm:"not null"`
	Source         string        `gorm:"not null"`
	PostedAt       time.Time     `gorm:"autoCreateTime"`
	Lines          []JournalLine `gorm:"foreignKey:EntryID"`
}

func (JournalEntry) TableName() string { return "journal_entries" }

type JournalLine struct {
	ID          int64  `gorm:"primaryKey"`
	EntryID     string `gorm:"not null"`
	AccountCode string `gorm:"not null"`
	DebitCents  int64
	CreditCents int64
	Memo        string
}

func (JournalLine) TableName() string { return "journal_lines" }

// Chart of accounts codes used by the payroll flows.
const (
	AcctWagesExpense        = "6000"
	AcctReimbursableExpense = "6400"
	AcctTaxPayable          = "2200"
	AcctWagesPayable        = "2100"
	AcctReimbursementsPay   = "2150"
	AcctBankClearing        = "1010"
	AcctStripeBalance       = "1020"
	AcctManualAdjustments   = "3900"
)
