package service

import (
	"context"
	"fmt"
	"log/slog"
	"strings"
	"time"

	"github.com/google/uuid"
	"github.com/jackc/pgx/v5"

	"github.com/pooltrack/vanpool/internal/domain"
	"github.com/pooltrack/vanpool/internal/jobs/jobargs"
	"github.com/pooltrack/vanpool/internal/platform/db"
	"github.com/pooltrack/vanpool/internal/platform/keys"
	"github.com/pooltrack/vanpool/internal/platform/money"
	"github.com/pooltrack/vanpool/internal/provider/ach"
)

// Reimbursements covers driver expense claims and their ACH payouts.
type Reimbursements interface {
	SubmitClaim(ctx context.Context, driverID uuid.UUID, in ClaimInput) (*domain.ReimbursementClaim, error)
	ApproveClaim(ctx context.Context, claimID uuid.UUID, approver string) (*domain.ReimbursementClaim, error)
	SetBankAccount(ctx context.Context, driverID uuid.UUID, in BankAccountInput) (*domain.BankAccount, error)
	PayClaim(ctx context.Context, claimID uuid.UUID, attempt int) error
}

// ClaimInput is a driver's expense.
type ClaimInput struct {
	VanpoolID   uuid.UUID   `json:"vanpool_id"`
	Category    string      `json:"category"`
	AmountCents money.Cents `json:"amount_cents"`
	IncurredOn  string      `json:"incurred_on"`
	ReceiptURL  string      `json:"receipt_url"`
	Description string      `json:"description"`
}

var claimCategories = map[string]money.Cents{
	"tolls":     20_000,
	"parking":   15_000,
	"car_wash":  5_000,
	"supplies":  10_000,
	"emergency": 75_000,
}

// BankAccountInput is a tokenized account from the payouts UI.
type BankAccountInput struct {
	AccountHolder string `json:"account_holder"`
	RoutingNumber string `json:"routing_number"`
	AccountToken  string `json:"account_token"`
	AccountLast4  string `json:"account_last4"`
}

// ReimbursementService implements Reimbursements.
type ReimbursementService struct {
	pool    db.Querier
	tx      db.TxRunner
	store   ReimbursementStore
	members MemberStore
	riders  RiderStore
	ach     ACHGateway
	jobs    JobQueue
	log     *slog.Logger
	now     Clock
}

// NewReimbursementService wires a ReimbursementService.
func NewReimbursementService(pool db.Querier, tx db.TxRunner, store ReimbursementStore, members MemberStore,
	riders RiderStore, achc ACHGateway, jobs JobQueue, log *slog.Logger,
) *ReimbursementService {
	return &ReimbursementService{
		pool: pool, tx: tx, store: store, members: members, riders: riders, ach: achc, jobs: jobs,
		log: log.With("service", "reimbursements"), now: SystemClock(),
	}
}

// SubmitClaim files a driver's expense for approval.
func (s *ReimbursementService) SubmitClaim(ctx context.Context, driverID uuid.UUID, in ClaimInput) (*domain.ReimbursementClaim, error) {
	limit, ok := claimCategories[in.Category]
	if !ok {
		return nil, fmt.Errorf("%w: unknown category %q", domain.ErrValidation, in.Category)
	}
	if in.AmountCents <= 0 || in.AmountCents > limit {
		return nil, fmt.Errorf("%w: %s claims must be between $0.01 and %s", domain.ErrValidation, in.Category, limit)
	}
	incurred, err := time.Parse(time.DateOnly, in.IncurredOn)
	if err != nil {
		return nil, fmt.Errorf("%w: incurred_on: %v", domain.ErrValidation, err)
	}
	if incurred.After(s.now()) {
		return nil, fmt.Errorf("%w: incurred_on is in the future", domain.ErrValidation)
	}
	if strings.TrimSpace(in.Description) == "" {
		return nil, fmt.Errorf("%w: description is required", domain.ErrValidation)
	}
	driver, err := s.members.Get(ctx, s.pool, driverID)
	if err != nil {
		return nil, err
	}
	if !driver.IsDriver {
		return nil, domain.ErrNotADriver
	}
	if _, err := s.riders.GetActive(ctx, s.pool, in.VanpoolID, driverID); err != nil {
		return nil, fmt.Errorf("%w: driver does not ride this van", domain.ErrInvalidState)
	}
	claim, err := s.store.CreateClaim(ctx, s.pool, domain.ReimbursementClaim{
		DriverMemberID: driverID,
		VanpoolID:      in.VanpoolID,
		Category:       in.Category,
		AmountCents:    in.AmountCents,
		IncurredOn:     incurred,
		ReceiptURL:     in.ReceiptURL,
		Description:    in.Description,
	})
	if err != nil {
		return nil, err
	}
	s.log.Info("reimbursement claim submitted", "claim", claim.ID, "driver", driverID, "amount", in.AmountCents.String())
	return claim, nil
}

// ApproveClaim approves a submitted claim and queues its payout in the same
// transaction. Approving an already-approved claim returns it unchanged.
func (s *ReimbursementService) ApproveClaim(ctx context.Context, claimID uuid.UUID, approver string) (*domain.ReimbursementClaim, error) {
	if approver == "" {
		return nil, fmt.Errorf("%w: approver is required", domain.ErrValidation)
	}
	var out *domain.ReimbursementClaim
	err := s.tx.InTx(ctx, func(tx pgx.Tx) error {
		ok, err := s.store.ApproveClaim(ctx, tx, claimID, approver)
		if err != nil {
			return err
		}
		claim, err := s.store.GetClaim(ctx, tx, claimID)
		if err != nil {
			return err
		}
		out = claim
		if !ok {
			if claim.Status == domain.ClaimApproved || claim.Status == domain.ClaimPaid {
				return nil
			}
			return fmt.Errorf("%w: claim is %s", domain.ErrInvalidState, claim.Status)
		}
		if _, err := s.store.BankAccount(ctx, tx, claim.DriverMemberID); err != nil {
			return err
		}
		_, err = s.jobs.InsertTx(ctx, tx, jobargs.ReimbursementPayout{ClaimID: claim.ID}, nil)
		return err
	})
	if err != nil {
		return nil, err
	}
	return out, nil
}

// SetBankAccount stores or replaces a driver's payout account.
func (s *ReimbursementService) SetBankAccount(ctx context.Context, driverID uuid.UUID, in BankAccountInput) (*domain.BankAccount, error) {
	if len(in.RoutingNumber) != 9 || in.AccountToken == "" || len(in.AccountLast4) != 4 {
		return nil, fmt.Errorf("%w: routing_number, account_token and account_last4 are required", domain.ErrValidation)
	}
	driver, err := s.members.Get(ctx, s.pool, driverID)
	if err != nil {
		return nil, err
	}
	if !driver.IsDriver {
		return nil, domain.ErrNotADriver
	}
	acct := domain.BankAccount{
		DriverMemberID: driverID,
		AccountHolder:  in.AccountHolder,
		RoutingNumber:  in.RoutingNumber,
		AccountLast4:   in.AccountLast4,
		AccountToken:   in.AccountToken,
	}
	if err := s.store.UpsertBankAccount(ctx, s.pool, acct); err != nil {
		return nil, err
	}
	return &acct, nil
}

// PayClaim pays an approved claim by ACH. The payout row's id is derived from
// the claim, written before the transfer, and used as the ACH idempotency key;
// the paid state and the ledger entry commit together.
func (s *ReimbursementService) PayClaim(ctx context.Context, claimID uuid.UUID, attempt int) error {
	claim, err := s.store.GetClaim(ctx, s.pool, claimID)
	if err != nil {
		return err
	}
	switch claim.Status {
	case domain.ClaimPaid:
		return nil
	case domain.ClaimApproved:
	default:
		return fmt.Errorf("%w: claim is %s", domain.ErrInvalidState, claim.Status)
	}
	acct, err := s.store.BankAccount(ctx, s.pool, claim.DriverMemberID)
	if err != nil {
		return err
	}
	payout, err := s.store.EnsurePayout(ctx, s.pool, domain.Payout{
		ID:          keys.Derive("payout", claim.ID.String()),
		ClaimID:     claim.ID,
		AmountCents: claim.AmountCents,
	})
	if err != nil {
		return err
	}

	transferID := payout.ProviderTransferID
	if payout.Status == "pending" {
		transfer, err := s.ach.CreateTransfer(ctx, ach.TransferRequest{
			DestinationToken: acct.AccountToken,
			AmountCents:      int64(payout.AmountCents),
			Description:      "VANPOOL REIMB",
			Reference:        payout.ID.String(),
		}, keys.DeriveKey("reimb", payout.ID.String()))
		outcome, detail := "accepted", ""
		if err != nil {
			outcome, detail = "error", err.Error()
		}
		if logErr := s.store.AppendAttempt(ctx, s.pool, payout.ID, attempt, outcome, detail); logErr != nil {
			s.log.Warn("payout attempt not logged", "payout", payout.ID, "err", logErr)
		}
		if err != nil {
			return fmt.Errorf("ach transfer for claim %s: %w", claim.ID, err)
		}
		transferID = transfer.ID
	}

	return s.tx.InTx(ctx, func(tx pgx.Tx) error {
		if err := s.store.MarkPayoutSent(ctx, tx, payout.ID, transferID); err != nil {
			return err
		}
		if err := s.store.MarkClaimPaid(ctx, tx, claim.ID); err != nil {
			return err
		}
		memo := fmt.Sprintf("%s reimbursement %s", claim.Category, claim.IncurredOn.Format(time.DateOnly))
		return s.store.CreditLedger(ctx, tx, claim.DriverMemberID, payout.ID, int64(payout.AmountCents), memo)
	})
}
