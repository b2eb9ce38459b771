// Package shop implements online shop checkout.
package shop

import (
	"context"
	"encoding/json"
	"fmt"
	"sort"

	"github.com/google/uuid"

	"github.com/northgate-museums/visitor-platform/internal/app/checkout"
	"github.com/northgate-museums/visitor-platform/internal/cqrs"
	"github.com/northgate-museums/visitor-platform/internal/models"
	"github.com/northgate-museums/visitor-platform/internal/platform/database"
	"github.com/northgate-museums/visitor-platform/internal/platform/httpx"
	"github.com/northgate-museums/visitor-platform/internal/platform/ids"
	"github.com/northgate-museums/visitor-platform/internal/providers/payments"
)

const (
	StandardShippingMinor = 395
	FreeShippingOverMinor = 5000
)

type Orders interface {
	Create(ctx context.Context, o *models.ShopOrder) error
}

type Inventory interface {
	Get(ctx context.Context, skus []string) (map[string]models.InventoryItem, error)
	Allocate(ctx context.Context, sku string, qty int) error
}

type Intents interface {
	Create(ctx context.Context, in *models.PaymentIntent) error
}

type Payer interface {
	Submit(ctx context.Context, in *models.PaymentIntent, method json.RawMessage, shopper checkout.Shopper, opts ...checkout.SubmitOption) (*payments.PaymentResponse, error)
}

type CartLine struct {
	SKU      string
	Quantity int
}

type Address struct {
	Line1    string
	Line2    string
	City     string
	Postcode string
	Country  string
}

type Checkout struct {
	Key           string
	OrderID       uuid.UUID
	CustomerName  string
	CustomerEmail string
	ShipTo        Address
	Lines         []CartLine
	PaymentMethod json.RawMessage
	Result        *cqrs.Result
}

func (c Checkout) IdempotencyScope() string { return "shop-checkout" }
func (c Checkout) IdempotencyKey() string   { return c.Key }
func (c Checkout) Outcome() *cqrs.Result    { return c.Result }

type CheckoutHandler struct {
	tx        database.Transactor
	orders    Orders
	inventory Inventory
	intents   Intents
	payer     Payer
}

func NewCheckoutHandler(tx database.Transactor, orders Orders, inventory Inventory, intents Intents, payer Payer) *CheckoutHandler {
	return &CheckoutHandler{tx: tx, orders: orders, inventory: inventory, intents: intents, payer: payer}
}

func mergeLines(lines []CartLine) []CartLine {
	qty := map[string]int{}
	for _, l := range lines {
		qty[l.SKU] += l.Quantity
	}
	out := make([]CartLine, 0, len(qty))
	for sku, q := range qty {
		out = append(out, CartLine{SKU: sku, Quantity: q})
	}
	sort.Slice(out, func(i, j int) bool { return out[i].SKU < out[j].SKU })
	return out
}

func (h *CheckoutHandler) Handle(ctx context.Context, cmd Checkout) error {
	lines := mergeLines(cmd.Lines)
	if len(lines) == 0 {
		return httpx.ValidationError{Field: "lines", Message: "basket is empty"}
	}
	skus := make([]string, len(lines))
	for i, l := range lines {
		if l.Quantity <= 0 {
			return httpx.ValidationError{Field: "lines", Message: "quantities must be positive"}
		}
		skus[i] = l.SKU
	}

	var intent *models.PaymentIntent
	err := h.tx.WithinTx(ctx, func(ctx context.Context) error {
		stock, err := h.inventory.Get(ctx, skus)
		if err != nil {
			return err
		}
		order := &models.ShopOrder{
			ID:            cmd.OrderID,
			CustomerEmail: cmd.CustomerEmail,
			CustomerName:  cmd.CustomerName,
			ShipLine1:     cmd.ShipTo.Line1,
			ShipCity:      cmd.ShipTo.City,
			ShipPostcode:  cmd.ShipTo.Postcode,
			ShipCountry:   cmd.ShipTo.Country,
			Currency:      "GBP",
			Status:        models.ShopOrderPendingPayment,
		}
		if cmd.ShipTo.Line2 != "" {
			order.ShipLine2 = &cmd.ShipTo.Line2
		}
		for i, l := range lines {
			item, ok := stock[l.SKU]
			if !ok {
				return httpx.ValidationError{Field: "lines", Message: fmt.Sprintf("unknown product %s", l.SKU)}
			}
			if err := h.inventory.Allocate(ctx, l.SKU, l.Quantity); err != nil {
				return err
			}
			order.Lines = append(order.Lines, models.ShopOrderLine{
				LineNo:    i + 1,
				SKU:       l.SKU,
				Title:     item.Title,
				Quantity:  l.Quantity,
				UnitMinor: item.PriceMinor,
			})
			order.SubtotalMinor += item.PriceMinor * int64(l.Quantity)
		}
		if order.SubtotalMinor < FreeShippingOverMinor {
			order.ShippingMinor = StandardShippingMinor
		}
		order.TotalMinor = order.SubtotalMinor + order.ShippingMinor
		if err := h.orders.Create(ctx, order); err != nil {
			return err
		}
		intent = &models.PaymentIntent{
			OperationID: ids.NewOperationID(),
			Purpose:     models.PurposeShopOrder,
			ResourceID:  order.ID.String(),
			AmountMinor: order.TotalMinor,
			Currency:    order.Currency,
			Status:      models.IntentPending,
		}
		return h.intents.Create(ctx, intent)
	})
	if err != nil {
		return err
	}
	cmd.Result.Set(cmd.OrderID.String(), string(models.ShopOrderPendingPayment))

	resp, err := h.payer.Submit(ctx, intent, cmd.PaymentMethod,
		checkout.Shopper{Reference: cmd.CustomerEmail, Email: cmd.CustomerEmail},
		checkout.ManualCapture())
	if err != nil {
		return err
	}
	if cmd.Result != nil {
		cmd.Result.Extra = map[string]string{"result_code": resp.ResultCode}
	}
	return nil
}
