// Package pg implements the repository interfaces on PostgreSQL with gorm.
package pg

import (
	"gorm.io/gorm"

	"github.com/refundbridge/advance/internal/platform/db"
)

// Store groups the repositories so binaries can wire them in one line.
type Store struct {
	Tx            *db.TxManager
	Partners      *PartnerRepo
	Customers     *CustomerRepo
	Requests      *ApplicationRequestRepo
	Applications  *ApplicationRepo
	Reports       *CreditReportRepo
	Attempts      *AttemptRepo
	Decisions     *DecisionRepo
	Disbursements *DisbursementRepo
	Events        *WebhookEventRepo
	Deposits      *DepositRepo
	Repayments    *RepaymentRepo
	Ledger        *LedgerRepo
	Accruals      *AccrualRepo
	Payouts       *PayoutRepo
	Notices       *NoticeRepo
	Inbox         *InboxRepo
	Idempotency   *IdempotencyRepo
}

// NewStore builds every repository over gdb.
func NewStore(gdb *gorm.DB) *Store {
	return &Store{
		Tx:            db.NewTxManager(gdb),
		Partners:      &PartnerRepo{db: gdb},
		Customers:     &CustomerRepo{db: gdb},
		Requests:      &ApplicationRequestRepo{db: gdb},
		Applications:  &ApplicationRepo{db: gdb},
		Reports:       &CreditReportRepo{db: gdb},
		Attempts:      &AttemptRepo{db: gdb},
		Decisions:     &DecisionRepo{db: gdb},
		Disbursements: &DisbursementRepo{db: gdb},
		Events:        &WebhookEventRepo{db: gdb},
		Deposits:      &DepositRepo{db: gdb},
		Repayments:    &RepaymentRepo{db: gdb},
		Ledger:        &LedgerRepo{db: gdb},
		Accruals:      &AccrualRepo{db: gdb},
		Payouts:       &PayoutRepo{db: gdb},
		Notices:       &NoticeRepo{db: gdb},
		Inbox:         &InboxRepo{db: gdb},
		Idempotency:   &IdempotencyRepo{db: gdb},
	}
}
