// Package gifting sells prepaid gift memberships and turns redeemed gifts
// into members.
package gifting

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/google/wire"
	"gorm.io/gorm"

	"github.com/vinoteca/wineclub/internal/models"
	"github.com/vinoteca/wineclub/internal/platform/database"
	"github.com/vinoteca/wineclub/internal/platform/httpx"
	"github.com/vinoteca/wineclub/internal/platform/idgen"
	"github.com/vinoteca/wineclub/internal/providers/messaging"
	"github.com/vinoteca/wineclub/internal/providers/payments"
	"github.com/vinoteca/wineclub/internal/store"
)

// ProviderSet is the gifting provider set.
var ProviderSet = wire.NewSet(New)

// Service is the gifting service.
type Service struct {
	db      *gorm.DB
	gifts   *store.Gifts
	members *store.Members
	gateway payments.Gateway
	sender  messaging.Sender
	prices  PriceList
	log     *slog.Logger
}

// New builds the service.
func New(db *gorm.DB, gifts *store.Gifts, members *store.Members, gw payments.Gateway, sender messaging.Sender, log *slog.Logger) *Service {
	return &Service{db: db, gifts: gifts, members: members, gateway: gw, sender: sender, prices: DefaultPrices, log: log}
}

// PurchaseInput is a gift order from the storefront.
type PurchaseInput struct {
	OrderRef        string
	PurchaserName   string
	PurchaserEmail  string
	PurchaserPhone  string
	RecipientName   string
	RecipientEmail  string
	Tier            string
	Quarters        int
	StartDate       time.Time
	PaymentMethodID string
}

// Purchase records the gift for a storefront order and charges the buyer.
func (s *Service) Purchase(ctx context.Context, in PurchaseInput) (*models.GiftMembership, error) {
	amount, err := s.prices.Total(in.Tier, in.Quarters)
	if err != nil {
		return nil, httpx.Errorf(http.StatusUnprocessableEntity, "%v", err)
	}
	g, err := s.gifts.InsertForOrder(ctx, &models.GiftMembership{
		ID:             idgen.GiftID(),
		OrderRef:       in.OrderRef,
		Code:           idgen.GiftCode(),
		PurchaserName:  in.PurchaserName,
		PurchaserEmail: strings.ToLower(in.PurchaserEmail),
		PurchaserPhone: in.PurchaserPhone,
		RecipientName:  in.RecipientName,
		RecipientEmail: strings.ToLower(in.RecipientEmail),
		Tier:           in.Tier,
		Quarters:       in.Quarters,
		AmountCents:    amount,
		Status:         models.GiftPendingPayment,
		StartDate:      in.StartDate,
	})
	if err != nil {
		return nil, err
	}
	if g.Status != models.GiftPendingPayment {
		return g, nil
	}

	intent, err := s.gateway.Charge(ctx, payments.ChargeRequest{
		PaymentMethodID: in.PaymentMethodID,
		AmountCents:     g.AmountCents,
		Description:     fmt.Sprintf("Gift membership (%s, %d quarters)", g.Tier, g.Quarters),
		StatementSuffix: "WINE GIFT",
		Metadata:        map[string]string{"gift_id": g.ID, "order_ref": g.OrderRef},
	}, payments.WithIdempotencyKey(attemptKey("gift", g.ID)))
	if err != nil {
		return nil, err
	}
	if !intent.Succeeded() {
		return nil, httpx.Errorf(http.StatusPaymentRequired, "card was declined (%s)", intent.FailureCode)
	}
	if err := s.gifts.MarkPaid(ctx, g.ID, intent.ID); err != nil {
		return nil, err
	}
	g.Status = models.GiftPaid
	g.PaymentIntentID = &intent.ID
	return g, nil
}

// RedeemInput is the recipient's details when claiming a gift.
type RedeemInput struct {
	Code         string
	Email        string
	FirstName    string
	LastName     string
	Phone        string
	BirthDate    time.Time
	ShipState    string
	AddressLine1 string
	AddressLine2 string
	City         string
	PostalCode   string
}

// Redeem turns a paid gift into a member account.
func (s *Service) Redeem(ctx context.Context, in RedeemInput) (*models.Member, error) {
	g, err := s.gifts.ByCode(ctx, strings.ToUpper(in.Code))
	if err != nil {
		if database.IsNotFound(err) {
			return nil, httpx.ErrNotFound
		}
		return nil, err
	}
	switch g.Status {
	case models.GiftPaid, models.GiftActive:
	case models.GiftRedeemed:
		return nil, httpx.Errorf(http.StatusConflict, "gift already redeemed")
	default:
		return nil, httpx.Errorf(http.StatusConflict, "gift is not paid")
	}
	m := &models.Member{
		ID:           idgen.MemberID(),
		Email:        strings.ToLower(strings.TrimSpace(in.Email)),
		FirstName:    in.FirstName,
		LastName:     in.LastName,
		Phone:        in.Phone,
		BirthDate:    in.BirthDate,
		Tier:         g.Tier,
		Status:       models.MemberPendingVerification,
		ShipState:    strings.ToUpper(in.ShipState),
		AddressLine1: in.AddressLine1,
		AddressLine2: in.AddressLine2,
		City:         in.City,
		PostalCode:   in.PostalCode,
		GiftID:       &g.ID,
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		inserted, err := s.members.InsertForGift(tx, m)
		if err != nil {
			if database.IsUniqueViolation(err) {
				return httpx.Errorf(http.StatusConflict, "a member with this email already exists")
			}
			return err
		}
		if !inserted {
			return httpx.Errorf(http.StatusConflict, "gift already redeemed")
		}
		if err := s.notifyPurchaser(ctx, g, in.FirstName); err != nil {
			return err
		}
		if err := s.gifts.MarkRedeemed(tx, g.ID, m.ID); err != nil {
			if errors.Is(err, store.ErrStaleState) {
				return httpx.Errorf(http.StatusConflict, "gift already redeemed")
			}
			return err
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

func (s *Service) notifyPurchaser(ctx context.Context, g *models.GiftMembership, recipientFirst string) error {
	body := fmt.Sprintf("Good news, %s! %s just redeemed the wine club membership you gave them. "+
		"Their first shipment goes out next quarter.", firstName(g.PurchaserName), recipientFirst)
	if g.PurchaserPhone != "" {
		_, err := s.sender.SMS(ctx, g.PurchaserPhone, body)
		return err
	}
	_, err := s.sender.Email(ctx, g.PurchaserEmail, "Your gift was redeemed", body)
	return err
}

// ActivateDue activates gifts whose start date has arrived and emails each
// recipient their redemption code.
func (s *Service) ActivateDue(ctx context.Context, today time.Time) (int, error) {
	var activated []models.GiftMembership
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		activated, err = s.gifts.ActivateDue(tx, today)
		return err
	})
	if err != nil {
		return 0, err
	}
	for _, g := range activated {
		body := fmt.Sprintf("%s, %s has given you a %s wine club membership for %d quarters. "+
			"Redeem it with code %s.", firstName(g.RecipientName), g.PurchaserName, g.Tier, g.Quarters, g.Code)
		if _, err := s.sender.Email(ctx, g.RecipientEmail, "You've been gifted a wine club membership", body); err != nil {
			s.log.WarnContext(ctx, "gift activation email failed", "gift", g.ID, "err", err)
		}
	}
	return len(activated), nil
}

func firstName(full string) string {
	if i := strings.IndexByte(full, ' '); i > 0 {
		return full[:i]
	}
	return full
}
