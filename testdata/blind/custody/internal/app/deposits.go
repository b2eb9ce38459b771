package app

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/segmentio/ksuid"
	"github.com/shopspring/decimal"

	"github.com/northvault/custody/internal/config"
	"github.com/northvault/custody/internal/domain"
	"github.com/northvault/custody/internal/jobs"
	"github.com/northvault/custody/internal/ports"
)

// Confirmation depth at which a deposit is credited.
var requiredConfirmations = map[string]int{
	"bitcoin":  3,
	"ethereum": 12,
	"solana":   32,
}

// Native balance kept on token deposit addresses so they can be swept.
var gasFloor = map[string]decimal.Decimal{
	"ethereum": decimal.RequireFromString("0.002"),
}

var gasTopupAmount = map[string]decimal.Decimal{
	"ethereum": decimal.RequireFromString("0.005"),
}

type DepositService struct {
	uow         ports.UnitOfWork
	ledger      *LedgerService
	broadcaster ports.Broadcaster
	gasVault    string
	log         *slog.Logger
}

func NewDepositService(uow ports.UnitOfWork, ledger *LedgerService, b ports.Broadcaster, cfg config.Config, log *slog.Logger) *DepositService {
	return &DepositService{uow: uow, ledger: ledger, broadcaster: b, gasVault: cfg.GasTankVault, log: log.With("svc", "deposits")}
}

// Detected records a newly seen deposit output and queues its screening.
func (s *DepositService) Detected(ctx context.Context, evt DepositDetected) error {
	addr, err := s.uow.Repos().Addresses().GetByAddress(ctx, evt.Chain, evt.Address)
	if errors.Is(err, domain.ErrNotFound) {
		s.log.DebugContext(ctx, "deposit to unknown address", "chain", evt.Chain, "address", evt.Address)
		return nil
	}
	if err != nil {
		return err
	}

	return s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		dep := domain.CryptoDeposit{
			ID:            "dep_" + ksuid.New().String(),
			WalletID:      addr.WalletID,
			Chain:         evt.Chain,
			TxHash:        evt.TxHash,
			Vout:          evt.Vout,
			Address:       evt.Address,
			Amount:        evt.Amount,
			Confirmations: evt.Confirmations,
		}
		if err := r.Deposits().Insert(ctx, dep); err != nil {
			return err
		}
		if evt.Asset != nativeAsset(evt.Chain) {
			if err := r.Jobs().Enqueue(ctx, jobs.GasTopup{Chain: evt.Chain, Address: evt.Address, Asset: evt.Asset},
				ports.OnQueue(jobs.QueueBroadcast), ports.UniqueByArgs()); err != nil {
				return err
			}
		}
		return r.Outbox().Add(ctx, SubjectScreeningRequested, ScreeningRequested{SubjectType: "deposit", SubjectID: dep.ID})
	})
}

// Confirmed credits a deposit once it has enough confirmations.
func (s *DepositService) Confirmed(ctx context.Context, evt DepositConfirmed) error {
	repos := s.uow.Repos()
	dep, err := repos.Deposits().GetByOutput(ctx, evt.Chain, evt.TxHash, evt.Vout)
	if errors.Is(err, domain.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	if dep.Status == "credited" {
		return nil
	}
	if need := requiredConfirmations[dep.Chain]; evt.Confirmations < need {
		return nil
	}
	w, err := repos.Wallets().Get(ctx, dep.WalletID)
	if err != nil {
		return err
	}

	if err := s.ledger.Credit(ctx, Credit{
		WalletID: dep.WalletID,
		Asset:    w.Asset,
		Amount:   dep.Amount,
		Source:   domain.AccountHotWallet,
		Kind:     "deposit.crypto",
		Memo:     fmt.Sprintf("%s:%d", dep.TxHash, dep.Vout),
	}); err != nil {
		return err
	}

	return s.uow.Do(ctx, func(ctx context.Context, r ports.Repos) error {
		if err := r.Deposits().MarkCredited(ctx, dep.ID, evt.Confirmations); err != nil {
			return err
		}
		return r.Jobs().Enqueue(ctx, jobs.DepositReceipt{DepositID: dep.ID}, ports.OnQueue(jobs.QueueNotify))
	})
}

// TopUpGas funds a token deposit address with enough native currency to pay
// for its sweep.
func (s *DepositService) TopUpGas(ctx context.Context, chain, address, asset string) error {
	floor, ok := gasFloor[chain]
	if !ok {
		return nil
	}
	native := nativeAsset(chain)
	bal, err := s.broadcaster.Balance(ctx, chain, address, native)
	if err != nil {
		return err
	}
	if bal.GreaterThanOrEqual(floor) {
		return nil
	}

	amount := gasTopupAmount[chain]
	requestID := fmt.Sprintf("gas-%s-%s-%d", chain, address, time.Now().Unix())
	res, err := s.broadcaster.Transfer(ctx, ports.TransferRequest{
		RequestID: requestID,
		Vault:     s.gasVault,
		Chain:     chain,
		Asset:     native,
		ToAddress: address,
		Amount:    amount,
		Note:      "gas for " + asset + " sweep",
	})
	if err != nil {
		return err
	}
	return s.uow.Repos().Deposits().InsertGasTopup(ctx, domain.GasTopup{
		ID:          uuid.New(),
		Address:     address,
		Chain:       chain,
		Amount:      amount,
		RequestID:   requestID,
		ProviderRef: res.ProviderRef,
	})
}
