package passes

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/uptrace/bun"

	"github.com/pawsandstay/kennel/internal/owners"
	"github.com/pawsandstay/kennel/internal/payments"
	"github.com/pawsandstay/kennel/internal/platform"
	"github.com/pawsandstay/kennel/internal/platform/config"
	"github.com/pawsandstay/kennel/internal/platform/httpx"
	"github.com/pawsandstay/kennel/internal/platform/idem"
	"github.com/pawsandstay/kennel/internal/platform/ids"
)

// ErrPaymentDeclined is returned when the card is declined.
var ErrPaymentDeclined = errors.New("payment declined")

// Service sells and redeems pass packs.
type Service interface {
	Purchase(ctx context.Context, req PurchaseRequest) (*Pack, error)
	Get(ctx context.Context, id string) (*Pack, error)
	CheckIn(ctx context.Context, passID, requestKey string, req CheckInRequest) (*Visit, error)
}

// PurchaseRequest is the POST /passes body.
type PurchaseRequest struct {
	OwnerID     uuid.UUID `json:"owner_id"`
	DogID       uuid.UUID `json:"dog_id"`
	LocationID  string    `json:"location_id"`
	ProductCode string    `json:"product_code"`
}

// CheckInRequest is the POST /passes/:id/checkins body.
type CheckInRequest struct {
	LocationID string `json:"location_id"`
	StaffID    string `json:"-"`
}

type service struct {
	db       *bun.DB
	products *platform.Store[Product]
	packs    *platform.Store[Pack]
	visits   *platform.Store[Visit]
	dir      owners.Directory
	gateway  payments.Gateway
	requests *idem.Ledger
	currency string
	log      *slog.Logger
}

// NewService returns the Service.
func NewService(db *bun.DB, dir owners.Directory, gw payments.Gateway, requests *idem.Ledger, cfg *config.Config, log *slog.Logger) Service {
	return &service{
		db:       db,
		products: platform.NewStore[Product](db),
		packs:    platform.NewStore[Pack](db),
		visits:   platform.NewStore[Visit](db),
		dir:      dir,
		gateway:  gw,
		requests: requests,
		currency: cfg.Currency,
		log:      log,
	}
}

func (s *service) Get(ctx context.Context, id string) (*Pack, error) {
	return s.packs.Get(ctx, id)
}

func (s *service) Purchase(ctx context.Context, req PurchaseRequest) (*Pack, error) {
	owner, err := s.dir.Owner(ctx, req.OwnerID)
	if err != nil {
		return nil, err
	}
	dog, err := s.dir.Dog(ctx, req.DogID)
	if err != nil {
		return nil, err
	}
	if dog.OwnerID != owner.ID {
		return nil, httpx.Invalid("dog does not belong to owner")
	}
	if _, err := s.dir.Location(ctx, req.LocationID); err != nil {
		return nil, err
	}
	product, err := s.products.Get(ctx, req.ProductCode)
	if errors.Is(err, platform.ErrNotFound) {
		return nil, httpx.Invalid("unknown product " + req.ProductCode)
	}
	if err != nil {
		return nil, err
	}
	if !owner.CanBeCharged() {
		return nil, httpx.Invalid("owner has no saved card")
	}

	intent, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		CustomerID:      *owner.StripeCustomerID,
		PaymentMethodID: *owner.DefaultPaymentMethodID,
		AmountCents:     product.PriceCents,
		Currency:        s.currency,
		Description:     product.Name + " for " + dog.Name,
		StatementSuffix: "DAYCARE",
		Metadata: map[string]string{
			"kind":     "pass",
			"product":  product.Code,
			"owner_id": owner.ID.String(),
			"dog_id":   dog.ID.String(),
		},
	})
	var declined *payments.DeclinedError
	if errors.As(err, &declined) {
		return nil, fmt.Errorf("%w: %s", ErrPaymentDeclined, declined.Message)
	}
	if err != nil {
		return nil, err
	}

	now := time.Now().UTC()
	pack := &Pack{
		ID:              ids.Prefixed("pass"),
		OwnerID:         owner.ID,
		DogID:           dog.ID,
		LocationID:      req.LocationID,
		ProductCode:     product.Code,
		VisitsTotal:     product.Visits,
		VisitsRemaining: product.Visits,
		PriceCents:      product.PriceCents,
		PaymentIntentID: &intent.ID,
		PurchasedAt:     now,
		ExpiresAt:       now.AddDate(0, 0, product.ValidDays),
	}
	if err := s.packs.Insert(ctx, pack); err != nil {
		s.log.Error("store pass pack", "payment_intent", intent.ID, "err", err)
		return nil, err
	}
	return pack, nil
}

func (s *service) lastVisit(ctx context.Context, passID string) (*Visit, error) {
	v := new(Visit)
	err := s.db.NewSelect().Model(v).
		Where("pass_id = ?", passID).
		OrderExpr("checked_in_at DESC").
		Limit(1).
		Scan(ctx)
	return v, err
}

func (s *service) CheckIn(ctx context.Context, passID, requestKey string, req CheckInRequest) (*Visit, error) {
	ledgerKey := "pass_checkin:" + passID + ":" + requestKey
	seen, err := s.requests.Seen(ctx, ledgerKey)
	if err != nil {
		return nil, err
	}
	if seen {
		return s.lastVisit(ctx, passID)
	}

	var visit *Visit
	err = platform.InTx(ctx, s.db, func(ctx context.Context, tx bun.Tx) error {
		pack, err := s.packs.GetForUpdate(ctx, passID)
		if err != nil {
			return err
		}
		if time.Now().After(pack.ExpiresAt) {
			return fmt.Errorf("%w: pass expired on %s", platform.ErrConflict, pack.ExpiresAt.Format("Jan 2"))
		}
		if pack.VisitsRemaining == 0 {
			return fmt.Errorf("%w: no visits left on pass", platform.ErrConflict)
		}
		pack.VisitsRemaining--
		if err := s.packs.Update(ctx, pack, "visits_remaining"); err != nil {
			return err
		}

		loc := req.LocationID
		if loc == "" {
			loc = pack.LocationID
		}
		visit = &Visit{ID: ids.Prefixed("visit"), PassID: pack.ID, DogID: pack.DogID, LocationID: loc}
		if req.StaffID != "" {
			visit.StaffID = &req.StaffID
		}
		return s.visits.Insert(ctx, visit)
	})
	if err != nil {
		return nil, err
	}

	if err := s.requests.Remember(ctx, ledgerKey); err != nil {
		s.log.Warn("remember pass check-in", "pass", passID, "err", err)
	}
	return visit, nil
}
