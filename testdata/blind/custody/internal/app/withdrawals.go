package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/google/uuid"
	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/jobs"
	"github.com/northvault/custody/internal/platform/idem"
	"github.com/northvault/custody/internal/ports"
)

type WithdrawalService struct {
	uow         ports.UnitOfWork
	broadcaster ports.Broadcaster
	hotVault    string
	approvals   int
	log         *slog.Logger
}

func NewWithdrawalService(uow ports.UnitOfWork, b ports.Broadcaster, cfg config.Config, log *slog.Logger) *WithdrawalService {
	return &WithdrawalService{
		uow:         uow,
		broadcaster: b,
		hotVault:    cfg.HotVault,
		approvals:   cfg.DefaultApprovals,
		log:         log.With("svc", "withdrawals"),
	}
}

type CreateWithdrawalInput struct {
	CustomerID      uuid.UUID       `json:"customer_id"`
	WalletID        uuid.UUID       `json:"wallet_id"`
	Amount          decimal.Decimal `json:"amount"`
	ToAddress       string          `json:"to_address"`
	BeneficiaryVASP string          `json:"beneficiary_vasp"`
	BeneficiaryName string          `json:"beneficiary_name"`
}

// Create places a hold on the wallet and opens a withdrawal in screening.
func (s *WithdrawalService) Create(ctx context.Context, key string, in CreateWithdrawalInput) (domain.Withdrawal, bool, error) {
	if !in.Amount.IsPositive() {
		return domain.Withdrawal{}, false, fmt.Errorf("%w: amount must be positive", domain.ErrInvalidState)
	}
	in.ToAddress = strings.TrimSpace(in.ToAddress)
	scope := "withdrawal.create:" + in.CustomerID.String()

	return idem.Run(ctx, s.uow, scope, key, in, func(ctx context.Context, r ports.Repos) (domain.Withdrawal, error) {
		w, err := r.Wallets().GetForUpdate(ctx, in.WalletID)
		if err != nil {
			return domain.Withdrawal{}, err
		}
		if w.CustomerID != in.CustomerID {
			return domain.Withdrawal{}, domain.ErrNotFound
		}
		chain, ok := chainOf[w.Asset]
		if !ok {
			return domain.Withdrawal{}, fmt.Errorf("%w: %s is not withdrawable on-chain", domain.ErrInvalidState, w.Asset)
		}
		ok, err = r.Addresses().IsWhitelisted(ctx, in.CustomerID, w.Asset, in.ToAddress)
		if err != nil {
			return domain.Withdrawal{}, err
		}
		if !ok {
			return domain.Withdrawal{}, domain.ErrNotWhitelisted
		}
		if w.Available.LessThan(in.Amount) {
			return domain.Withdrawal{}, domain.ErrInsufficientFunds
		}

		wd := domain.Withdrawal{
			ID:                uuid.New(),
			WalletID:          w.ID,
			CustomerID:        in.CustomerID,
			Asset:             w.Asset,
			Chain:             chain,
			Amount:            in.Amount,
			ToAddress:         in.ToAddress,
			BeneficiaryVASP:   in.BeneficiaryVASP,
			BeneficiaryName:   in.BeneficiaryName,
			Status:            domain.WithdrawalScreening,
			RequiredApprovals: s.approvals,
		}
		if err := r.Withdrawals().Create(ctx, wd); err != nil {
			return domain.Withdrawal{}, err
		}
		if err := r.Wallets().AdjustBalance(ctx, w.ID, in.Amount.Neg(), in.Amount); err != nil {
			return domain.Withdrawal{}, err
		}
		hold := domain.Transfer("withdrawal.hold", "hold:"+wd.ID.String(), w.Asset, in.Amount,
			domain.WalletEntry(w.ID), domain.HoldEntry(w.ID))
		if _, err := r.Ledger().PostJournal(ctx, hold); err != nil {
			return domain.Withdrawal{}, err
		}
		if err := r.Outbox().Add(ctx, SubjectScreeningRequested, ScreeningRequested{
			SubjectType: "withdrawal",
			SubjectID:   wd.ID.String(),
		}); err != nil {
			return domain.Withdrawal{}, err
		}
		return wd, nil
	})
}

type ApprovalResult struct {
	Approvals int  `json:"approvals"`
	Required  int  `json:"required"`
	Approved  bool `json:"approved"`
}

// Approve records an operator's approval. When the quorum is reached the
// withdrawal moves to approved and the broadcast job is queued.
func (s *WithdrawalService) Approve(ctx context.Context, id, approverID uuid.UUID, comment string) (ApprovalResult, error) {
	var res ApprovalResult
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		wd, err := r.Withdrawals().GetForUpdate(ctx, id)
		if err != nil {
			return err
		}
		if wd.Status != domain.WithdrawalPendingApproval && wd.Status != domain.WithdrawalApproved {
			return fmt.Errorf("%w: withdrawal is %s", domain.ErrInvalidState, wd.Status)
		}
		if approverID == wd.CustomerID {
			return fmt.Errorf("%w: requester cannot approve", domain.ErrInvalidState)
		}
		if _, err := r.Withdrawals().AddApproval(ctx, id, approverID, comment); err != nil {
			return err
		}
		n, err := r.Withdrawals().CountApprovals(ctx, id)
		if err != nil {
			return err
		}
		res = ApprovalResult{Approvals: n, Required: wd.RequiredApprovals, Approved: wd.Status == domain.WithdrawalApproved}
		if n < wd.RequiredApprovals || res.Approved {
			return nil
		}

		moved, err := r.Withdrawals().Transition(ctx, id, domain.WithdrawalApproved, domain.WithdrawalPendingApproval)
		if err != nil || !moved {
			return err
		}
		res.Approved = true
		if err := r.Jobs().Enqueue(ctx, jobs.BroadcastWithdrawal{WithdrawalID: id},
			ports.OnQueue(jobs.QueueBroadcast), ports.UniqueByArgs(), ports.MaxAttempts(8)); err != nil {
			return err
		}
		return r.Outbox().Add(ctx, SubjectNotifyWithdrawal, notice(wd, domain.WithdrawalApproved))
	})
	return res, err
}

// Cancel releases the hold of a withdrawal that has not been broadcast.
func (s *WithdrawalService) Cancel(ctx context.Context, id, customerID uuid.UUID) (domain.Withdrawal, error) {
	var out domain.Withdrawal
	err := s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		wd, err := r.Withdrawals().GetForUpdate(ctx, id)
		if err != nil {
			return err
		}
		if wd.CustomerID != customerID {
			return domain.ErrNotFound
		}
		if wd.Status == domain.WithdrawalCancelled {
			out = wd
			return nil
		}
		if !wd.Status.Cancellable() {
			return fmt.Errorf("%w: withdrawal is %s", domain.ErrInvalidState, wd.Status)
		}
		moved, err := r.Withdrawals().Transition(ctx, id, domain.WithdrawalCancelled,
			domain.WithdrawalScreening, domain.WithdrawalPendingApproval, domain.WithdrawalApproved)
		if err != nil {
			return err
		}
		if !moved {
			return fmt.Errorf("%w: withdrawal changed state", domain.ErrConflict)
		}
		if err := releaseHold(ctx, r, wd, "cancel"); err != nil {
			return err
		}
		wd.Status = domain.WithdrawalCancelled
		out = wd
		return r.Outbox().Add(ctx, SubjectNotifyWithdrawal, notice(wd, domain.WithdrawalCancelled))
	})
	return out, err
}

// releaseHold returns the held amount to the wallet's available balance.
func releaseHold(ctx context.Context, r ports.Repos, wd domain.Withdrawal, why string) error {
	if err := r.Wallets().AdjustBalance(ctx, wd.WalletID, wd.Amount, wd.Amount.Neg()); err != nil {
		return err
	}
	j := domain.Transfer("withdrawal.release", "release:"+wd.ID.String(), wd.Asset, wd.Amount,
		domain.HoldEntry(wd.WalletID), domain.WalletEntry(wd.WalletID))
	j.Memo = why
	_, err := r.Ledger().PostJournal(ctx, j)
	return err
}

func newAttempt(withdrawalID uuid.UUID) domain.BroadcastAttempt {
	id := uuid.New()
	return domain.BroadcastAttempt{ID: id, WithdrawalID: withdrawalID, RequestID: "wd-" + id.String()}
}

// Broadcast sends an approved withdrawal from the hot vault. Each call is
// recorded as a broadcast attempt.
func (s *WithdrawalService) Broadcast(ctx context.Context, id uuid.UUID) error {
	repos := s.uow.Repos()
	wd, err := repos.Withdrawals().Get(ctx, id)
	if err != nil {
		return err
	}
	if wd.Status != domain.WithdrawalApproved {
		s.log.InfoContext(ctx, "skip broadcast", "withdrawal_id", id, "status", wd.Status)
		return nil
	}

	attempt := newAttempt(wd.ID)
	if err := repos.Withdrawals().CreateBroadcastAttempt(ctx, attempt); err != nil {
		return err
	}
	res, err := s.broadcaster.Transfer(ctx, ports.TransferRequest{
		RequestID: attempt.RequestID,
		Vault:     s.hotVault,
		Chain:     wd.Chain,
		Asset:     wd.Asset,
		ToAddress: wd.ToAddress,
		Amount:    wd.Amount,
		Note:      "withdrawal " + wd.ID.String(),
	})
	if err != nil {
		if ferr := repos.Withdrawals().FinishBroadcastAttempt(ctx, attempt.ID, "failed", "", err.Error()); ferr != nil {
			s.log.ErrorContext(ctx, "record failed attempt", "attempt_id", attempt.ID, "err", ferr)
		}
		return fmt.Errorf("broadcast %s: %w", wd.ID, err)
	}

	return s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if err := r.Withdrawals().FinishBroadcastAttempt(ctx, attempt.ID, "sent", res.ProviderRef, ""); err != nil {
			return err
		}
		moved, err := r.Withdrawals().Transition(ctx, wd.ID, domain.WithdrawalBroadcast, domain.WithdrawalApproved)
		if err != nil {
			return err
		}
		if !moved {
			return fmt.Errorf("%w: withdrawal %s left approved during broadcast", domain.ErrConflict, wd.ID)
		}
		if err := r.Withdrawals().SetTxHash(ctx, wd.ID, res.TxHash); err != nil {
			return err
		}
		if wd.BeneficiaryVASP != "" {
			if err := r.Jobs().Enqueue(ctx, jobs.TravelRuleSend{WithdrawalID: wd.ID},
				ports.OnQueue(jobs.QueueCompliance), ports.UniqueByArgs()); err != nil {
				return err
			}
		}
		return r.Outbox().Add(ctx, SubjectNotifyWithdrawal, notice(wd, domain.WithdrawalBroadcast))
	})
}

// Confirm records the on-chain confirmation of a broadcast withdrawal and
// queues its settlement.
func (s *WithdrawalService) Confirm(ctx context.Context, evt TxConfirmed) error {
	return s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		wd, err := r.Withdrawals().GetByTxHash(ctx, evt.Chain, evt.TxHash)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		if err := r.Withdrawals().InsertConfirmation(ctx, domain.TxConfirmation{
			WithdrawalID: wd.ID,
			TxHash:       evt.TxHash,
			BlockHeight:  evt.BlockHeight,
			NetworkFee:   evt.Fee,
			ConfirmedAt:  evt.ConfirmedAt,
		}); err != nil {
			return err
		}
		if err := r.Withdrawals().SetNetworkFee(ctx, wd.ID, evt.Fee); err != nil {
			return err
		}
		if err := r.Withdrawals().SetStatus(ctx, wd.ID, domain.WithdrawalConfirmed); err != nil {
			return err
		}
		return r.Jobs().Enqueue(ctx, jobs.SettleWithdrawal{WithdrawalID: wd.ID}, ports.UniqueByArgs())
	})
}

// Fail handles a broadcast transaction that was dropped or reverted: the
// withdrawal is marked failed and its hold released.
func (s *WithdrawalService) Fail(ctx context.Context, messageID string, evt TxFailed) error {
	return s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		first, err := r.Messages().Claim(ctx, "withdrawal-tx-failed", messageID)
		if err != nil || !first {
			return err
		}
		wd, err := r.Withdrawals().GetByTxHash(ctx, evt.Chain, evt.TxHash)
		if errors.Is(err, domain.ErrNotFound) {
			return nil
		}
		if err != nil {
			return err
		}
		moved, err := r.Withdrawals().Transition(ctx, wd.ID, domain.WithdrawalFailed, domain.WithdrawalBroadcast)
		if err != nil || !moved {
			return err
		}
		if err := releaseHold(ctx, r, wd, "tx failed: "+evt.Reason); err != nil {
			return err
		}
		n := notice(wd, domain.WithdrawalFailed)
		n.Reason = evt.Reason
		return r.Outbox().Add(ctx, SubjectNotifyWithdrawal, n)
	})
}

// Settle moves the held amount of a confirmed withdrawal out of the
// customer's balance and books the network fee.
func (s *WithdrawalService) Settle(ctx context.Context, id uuid.UUID) error {
	wd, err := s.uow.Repos().Withdrawals().Get(ctx, id)
	if err != nil {
		return err
	}
	switch wd.Status {
	case domain.WithdrawalSettled:
		return nil
	case domain.WithdrawalConfirmed:
	default:
		return fmt.Errorf("%w: settle withdrawal in %s", domain.ErrInvalidState, wd.Status)
	}

	err = s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if err := r.Wallets().AdjustBalance(ctx, wd.WalletID, decimal.Zero, wd.Amount.Neg()); err != nil {
			return err
		}
		j := domain.Transfer("withdrawal.settle", "settle:"+wd.ID.String(), wd.Asset, wd.Amount,
			domain.HoldEntry(wd.WalletID), domain.SystemEntry(domain.AccountHotWallet))
		_, err := r.Ledger().PostJournal(ctx, j)
		return err
	})
	if err != nil {
		return err
	}

	return s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if wd.NetworkFee.IsPositive() {
			fee := domain.Transfer("withdrawal.fee", "fee:"+wd.ID.String(), nativeAsset(wd.Chain), wd.NetworkFee,
				domain.SystemEntry(domain.AccountHotWallet), domain.SystemEntry(domain.AccountNetworkFees))
			if _, err := r.Ledger().PostJournal(ctx, fee); err != nil {
				return err
			}
		}
		if err := r.Withdrawals().SetStatus(ctx, wd.ID, domain.WithdrawalSettled); err != nil {
			return err
		}
		return r.Outbox().Add(ctx, SubjectNotifyWithdrawal, notice(wd, domain.WithdrawalSettled))
	})
}

// RetryTravelRule queues the travel-rule message of a broadcast withdrawal
// again, e.g. after the counterparty VASP was onboarded.
func (s *WithdrawalService) RetryTravelRule(ctx context.Context, id uuid.UUID) error {
	repos := s.uow.Repos()
	wd, err := repos.Withdrawals().Get(ctx, id)
	if err != nil {
		return err
	}
	if wd.BeneficiaryVASP == "" {
		return fmt.Errorf("%w: withdrawal has no beneficiary VASP", domain.ErrInvalidState)
	}
	switch wd.Status {
	case domain.WithdrawalBroadcast, domain.WithdrawalConfirmed, domain.WithdrawalSettled:
	default:
		return fmt.Errorf("%w: withdrawal is %s", domain.ErrInvalidState, wd.Status)
	}
	return repos.Jobs().Enqueue(ctx, jobs.TravelRuleSend{WithdrawalID: wd.ID},
		ports.OnQueue(jobs.QueueCompliance), ports.UniqueByArgs())
}

func nativeAsset(chain string) string {
	switch chain {
	case "bitcoin":
		return "BTC"
	case "ethereum":
		return "ETH"
	case "solana":
		return "SOL"
	}
	return strings.ToUpper(chain)
}
