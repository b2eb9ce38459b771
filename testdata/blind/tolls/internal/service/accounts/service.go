// Package accounts manages toll accounts, their transponders and plates.
package accounts

import (
	"context"
	"errors"
	"fmt"
	"net/mail"
	"strings"
	"time"

	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/northgate/tolls/internal/config"
	"github.com/northgate/tolls/internal/domain"
	"github.com/northgate/tolls/internal/events"
	"github.com/northgate/tolls/internal/idem"
	"github.com/northgate/tolls/internal/ids"
	"github.com/northgate/tolls/internal/providers/payments"
	"github.com/northgate/tolls/internal/storage"
	"github.com/northgate/tolls/internal/storage/repo"
)

// Service is the account management API used by the gRPC and admin layers.
type Service interface {
	Open(ctx context.Context, p OpenParams) (*domain.Account, error)
	Get(ctx context.Context, id string) (*domain.Account, error)
	RegisterTransponder(ctx context.Context, accountID, serial string) (*domain.Transponder, error)
	AddVehicle(ctx context.Context, p VehicleParams) (*domain.Vehicle, error)
	SetAutoTopUp(ctx context.Context, accountID string, threshold, amount int64) (*domain.Account, error)
	Close(ctx context.Context, accountID string) (*CloseResult, error)
	ApplyTagStatus(ctx context.Context, st TagStatus) error
}

// OpenParams describes a new account.
type OpenParams struct {
	ClientRequestID  string
	HolderName       string
	Email            string
	Phone            string
	Plan             string
	PaymentToken     string
	ShopperReference string
	SmsAlerts        bool
}

func (p OpenParams) validate() error {
	switch {
	case strings.TrimSpace(p.ClientRequestID) == "":
		return fmt.Errorf("%w: client_request_id is required", domain.ErrInvalid)
	case strings.TrimSpace(p.HolderName) == "":
		return fmt.Errorf("%w: holder_name is required", domain.ErrInvalid)
	case p.Plan != domain.PlanPrepaid && p.Plan != domain.PlanPostpaid:
		return fmt.Errorf("%w: plan must be prepaid or postpaid", domain.ErrInvalid)
	}
	if _, err := mail.ParseAddress(p.Email); err != nil {
		return fmt.Errorf("%w: email: %v", domain.ErrInvalid, err)
	}
	if p.Plan == domain.PlanPostpaid && p.PaymentToken == "" {
		return fmt.Errorf("%w: postpaid accounts need a card on file", domain.ErrInvalid)
	}
	return nil
}

// VehicleParams describes a plate to register.
type VehicleParams struct {
	AccountID    string
	PlateState   string
	PlateNumber  string
	VehicleClass int
}

// CloseResult reports the outcome of an account closure.
type CloseResult struct {
	Account     *domain.Account
	PayoutCents int64
	PayoutRef   string
}

// TagStatus is a transponder status change from the interoperability hub.
type TagStatus struct {
	Serial     string    `json:"serial"`
	Seq        int64     `json:"seq"`
	Status     string    `json:"status"`
	Reason     string    `json:"reason"`
	OccurredAt time.Time `json:"occurred_at"`
}

// Impl implements Service.
type Impl struct {
	db           *gorm.DB
	tx           storage.TxRunner
	accounts     repo.AccountRepository
	transponders repo.TransponderRepository
	vehicles     repo.VehicleRepository
	payments     repo.CardPaymentRepository
	ledger       repo.LedgerRepository
	idem         *idem.Store
	gateway      payments.Gateway
	pub          events.Publisher
	cfg          *config.Config
	log          *zap.Logger
}

// New wires an account service.
func New(
	db *gorm.DB,
	tx storage.TxRunner,
	accounts repo.AccountRepository,
	transponders repo.TransponderRepository,
	vehicles repo.VehicleRepository,
	cardPayments repo.CardPaymentRepository,
	ledger repo.LedgerRepository,
	store *idem.Store,
	gateway payments.Gateway,
	pub events.Publisher,
	cfg *config.Config,
	log *zap.Logger,
) *Impl {
	return &Impl{
		db: db, tx: tx, accounts: accounts, transponders: transponders, vehicles: vehicles,
		payments: cardPayments, ledger: ledger, idem: store, gateway: gateway, pub: pub,
		cfg: cfg, log: log.Named("accounts"),
	}
}

const scopeOpenAccount = "accounts.open"

// Open creates an account. The caller's client_request_id is claimed in the
// same transaction that inserts the account, so a resent request returns the
// account created by the first one.
func (s *Impl) Open(ctx context.Context, p OpenParams) (*domain.Account, error) {
	if err := p.validate(); err != nil {
		return nil, err
	}
	var (
		acct  domain.Account
		fresh bool
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claim, err := s.idem.ClaimTx(tx, scopeOpenAccount, p.ClientRequestID, idem.Hash(p))
		if err != nil {
			return err
		}
		if !claim.Fresh {
			return tx.First(&acct, "id = ?", claim.Record.ResourceID).Error
		}
		fresh = true
		now := time.Now().UTC()
		acct = domain.Account{
			ID:               ids.New(),
			HolderName:       strings.TrimSpace(p.HolderName),
			Email:            strings.ToLower(strings.TrimSpace(p.Email)),
			Phone:            p.Phone,
			Plan:             p.Plan,
			Status:           domain.AccountActive,
			PaymentToken:     p.PaymentToken,
			ShopperReference: p.ShopperReference,
			SmsAlerts:        p.SmsAlerts,
			CreatedAt:        now,
			UpdatedAt:        now,
		}
		if acct.ShopperReference == "" {
			acct.ShopperReference = "acct-" + acct.ID
		}
		if err := tx.Create(&acct).Error; err != nil {
			return err
		}
		return s.idem.CompleteTx(tx, scopeOpenAccount, p.ClientRequestID, acct.ID, 200, nil)
	})
	if err != nil {
		if errors.Is(err, idem.ErrKeyReused) {
			return nil, fmt.Errorf("%w: %v", domain.ErrConflict, err)
		}
		return nil, fmt.Errorf("open account: %w", err)
	}
	if fresh && s.cfg.Topics.AccountEvents != "" {
		_, perr := s.pub.PublishFIFO(ctx, s.cfg.Topics.AccountEvents, acct.ID, "account.opened:"+acct.ID, events.Event{
			Type: "account.opened", AccountID: acct.ID, OccurredAt: acct.CreatedAt,
			Data: map[string]any{"plan": acct.Plan},
		})
		if perr != nil {
			s.log.Warn("account.opened not published", zap.String("account_id", acct.ID), zap.Error(perr))
		}
	}
	return &acct, nil
}

// Get returns an account.
func (s *Impl) Get(ctx context.Context, id string) (*domain.Account, error) {
	return s.accounts.Get(ctx, id)
}

// RegisterTransponder links a tag serial to an account. Registering the same
// serial on the same account again is a no-op.
func (s *Impl) RegisterTransponder(ctx context.Context, accountID, serial string) (*domain.Transponder, error) {
	serial = strings.ToUpper(strings.TrimSpace(serial))
	if len(serial) < 8 {
		return nil, fmt.Errorf("%w: serial %q", domain.ErrInvalid, serial)
	}
	acct, err := s.accounts.Get(ctx, accountID)
	if err != nil {
		return nil, err
	}
	if acct.Status != domain.AccountActive {
		return nil, fmt.Errorf("%w: account is %s", domain.ErrPrecondition, acct.Status)
	}
	now := time.Now().UTC()
	t := &domain.Transponder{Serial: serial, AccountID: acct.ID, Status: "valid", CreatedAt: now, UpdatedAt: now}
	created, err := s.transponders.Register(ctx, t)
	if err != nil {
		return nil, err
	}
	if created {
		return t, nil
	}
	existing, err := s.transponders.Get(ctx, serial)
	if err != nil {
		return nil, err
	}
	if existing.AccountID != acct.ID {
		return nil, fmt.Errorf("%w: transponder %s belongs to another account", domain.ErrConflict, serial)
	}
	return existing, nil
}

// AddVehicle registers a plate for video tolling.
func (s *Impl) AddVehicle(ctx context.Context, p VehicleParams) (*domain.Vehicle, error) {
	state := strings.ToUpper(strings.TrimSpace(p.PlateState))
	plate := normalizePlate(p.PlateNumber)
	if len(state) != 2 || plate == "" {
		return nil, fmt.Errorf("%w: plate %s/%s", domain.ErrInvalid, p.PlateState, p.PlateNumber)
	}
	acct, err := s.accounts.Get(ctx, p.AccountID)
	if err != nil {
		return nil, err
	}
	if acct.Status != domain.AccountActive {
		return nil, fmt.Errorf("%w: account is %s", domain.ErrPrecondition, acct.Status)
	}
	class := p.VehicleClass
	if class == 0 {
		class = 2
	}
	v := &domain.Vehicle{
		ID:           ids.New(),
		AccountID:    acct.ID,
		PlateState:   state,
		PlateNumber:  plate,
		VehicleClass: class,
		CreatedAt:    time.Now().UTC(),
	}
	if err := s.vehicles.Create(ctx, v); err != nil {
		return nil, fmt.Errorf("add vehicle: %w", err)
	}
	return v, nil
}

func normalizePlate(p string) string {
	var b strings.Builder
	for _, r := range strings.ToUpper(p) {
		if (r >= 'A' && r <= 'Z') || (r >= '0' && r <= '9') {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// SetAutoTopUp configures automatic top-ups.
func (s *Impl) SetAutoTopUp(ctx context.Context, accountID string, threshold, amount int64) (*domain.Account, error) {
	if threshold < 0 || amount < 0 || (amount > 0 && amount < 1000) {
		return nil, fmt.Errorf("%w: auto top-up must be at least $10", domain.ErrInvalid)
	}
	if err := s.accounts.UpdateFields(ctx, accountID, map[string]any{
		"auto_top_up_threshold": threshold,
		"auto_top_up_amount":    amount,
	}); err != nil {
		return nil, err
	}
	return s.accounts.Get(ctx, accountID)
}

// ApplyTagStatus records a hub status change and applies it to the tag.
func (s *Impl) ApplyTagStatus(ctx context.Context, st TagStatus) error {
	return s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		ctx := storage.WithTx(ctx, tx)
		ev := &domain.TransponderStatusEvent{
			Serial:     st.Serial,
			Seq:        st.Seq,
			Status:     st.Status,
			Reason:     st.Reason,
			OccurredAt: st.OccurredAt,
		}
		if err := s.transponders.AppendStatusEvent(ctx, ev); err != nil {
			return fmt.Errorf("tag status %s#%d: %w", st.Serial, st.Seq, err)
		}
		return s.transponders.SetStatus(ctx, st.Serial, st.Status)
	})
}
