package service

import (
	"time"

	"github.com/jmoiron/sqlx"
	"go.uber.org/fx"
	"go.uber.org/zap"

	"github.com/trustwell/settlements/internal/config"
	"github.com/trustwell/settlements/internal/idempotency"
	"github.com/trustwell/settlements/internal/platform/db"
	"github.com/trustwell/settlements/internal/platform/ids"
)

// Deps is everything a service constructor may need. fx fills it in; each
// constructor keeps only the fields it uses.
type Deps struct {
	fx.In

	DB     *sqlx.DB
	Tx     db.TxManager
	IDs    *ids.Generator
	Log    *zap.Logger
	Config config.Config

	Settlements   SettlementRepository
	Claimants     ClaimantRepository
	Liens         LienRepository
	Deposits      DepositRepository
	Allocations   AllocationRepository
	Disbursements DisbursementRepository
	Holdbacks     HoldbackRepository
	LienPayments  LienPaymentRepository
	LedgerRecords LedgerRepository
	Notices       NoticeRepository
	Webhooks      WebhookRepository
	Book          Poster
	Idempotency   *idempotency.Store

	ACH    ACHPayments
	Checks CheckPrinter
	Email  EmailSender
	Queue  JobQueue
}

// clock is the default time source; tests replace the now field.
func clock() time.Time { return time.Now().UTC() }
