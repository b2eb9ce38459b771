package httpapi

import (
	"context"

	"github.com/google/uuid"

	"github.com/tidewater/loyalty/internal/db"
	"github.com/tidewater/loyalty/internal/service/adjustment"
	"github.com/tidewater/loyalty/internal/service/catalogue"
	"github.com/tidewater/loyalty/internal/service/giftcard"
	"github.com/tidewater/loyalty/internal/service/members"
	"github.com/tidewater/loyalty/internal/service/redemption"
	"github.com/tidewater/loyalty/internal/service/topup"
	"github.com/tidewater/loyalty/internal/service/transfer"
)

// The handlers depend only on these interfaces; the implementations live in
// internal/service/... and are bound in internal/app.

type MemberService interface {
	Enroll(ctx context.Context, in members.EnrollInput) (members.EnrollResult, error)
	Get(ctx context.Context, id uuid.UUID) (db.Member, error)
}

type RedemptionService interface {
	Redeem(ctx context.Context, in redemption.RedeemInput) (redemption.RedeemResult, error)
}

type TransferService interface {
	Transfer(ctx context.Context, in transfer.Input) (transfer.Result, error)
}

type VoucherService interface {
	Cancel(ctx context.Context, code string) (db.Voucher, error)
}

type AdjustmentService interface {
	Apply(ctx context.Context, in adjustment.Input) (adjustment.Result, error)
}

type CatalogueService interface {
	PlaceOrder(ctx context.Context, in catalogue.OrderInput) (db.CatalogueOrder, error)
}

type TopUpService interface {
	Purchase(ctx context.Context, in topup.PurchaseInput) (topup.PurchaseResult, error)
	HandlePaymentSucceeded(ctx context.Context, ev topup.PaymentSucceeded) error
}

type GiftCardService interface {
	Request(ctx context.Context, in giftcard.RequestInput) (db.GiftCardRequest, error)
	Reissue(ctx context.Context, requestID uuid.UUID, reason string) (db.GiftCard, error)
}

type StatementService interface {
	Resend(ctx context.Context, memberID uuid.UUID, period string) (string, error)
}
