// Package store holds the bun repositories for the funding service.
package store

import (
	"context"
	"database/sql"

	"github.com/uptrace/bun"
)

// Repos bundles every repository bound to one database handle, either the
// pool or a transaction.
type Repos struct {
	Ledger         LedgerRepo
	Withdrawals    WithdrawalRepo
	Approvals      ApprovalRepo
	Attempts       AttemptRepo
	BankDeposits   BankDepositRepo
	CryptoDeposits CryptoDepositRepo
	Addresses      AddressRepo
	Topups         TopupRepo
	Holds          RiskHoldRepo
	Cases          CaseRepo
	Limits         LimitRepo
	Events         EventRepo
	Fees           FeeRepo
	Recon          ReconRepo
	Contacts       ContactRepo
	Observations   ObservationRepo
}

// Store gives services repositories outside a transaction and a way to run
// a unit of work atomically.
type Store interface {
	Repos() *Repos
	InTx(ctx context.Context, fn func(ctx context.Context, r *Repos) error) error
}

type bunStore struct {
	db    *bun.DB
	repos *Repos
}

// New returns a Store backed by db.
func New(db *bun.DB) Store {
	return &bunStore{db: db, repos: bind(db)}
}

func (s *bunStore) Repos() *Repos { return s.repos }

func (s *bunStore) InTx(ctx context.Context, fn func(ctx context.Context, r *Repos) error) error {
	return s.db.RunInTx(ctx, &sql.TxOptions{Isolation: sql.LevelReadCommitted}, func(ctx context.Context, tx bun.Tx) error {
		return fn(ctx, bind(tx))
	})
}

func bind(db bun.IDB) *Repos {
	return &Repos{
		Ledger:         &ledgerRepo{db: db},
		Withdrawals:    &withdrawalRepo{db: db},
		Approvals:      &approvalRepo{db: db},
		Attempts:       &attemptRepo{db: db},
		BankDeposits:   &bankDepositRepo{db: db},
		CryptoDeposits: &cryptoDepositRepo{db: db},
		Addresses:      &addressRepo{db: db},
		Topups:         &topupRepo{db: db},
		Holds:          &riskHoldRepo{db: db},
		Cases:          &caseRepo{db: db},
		Limits:         &limitRepo{db: db},
		Events:         &eventRepo{db: db},
		Fees:           &feeRepo{db: db},
		Recon:          &reconRepo{db: db},
		Contacts:       &contactRepo{db: db},
		Observations:   &observationRepo{db: db},
	}
}

func notFound(err error) error {
	if err == sql.ErrNoRows {
		return ErrNotFound
	}
	return err
}
