// Package supply manages veterinary supply orders with the distributor and
// the stock they replenish.
package supply

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/brindlewood-labs/shelternet/internal/config"
	"github.com/brindlewood-labs/shelternet/internal/domain"
	"github.com/brindlewood-labs/shelternet/internal/events"
	"github.com/brindlewood-labs/shelternet/internal/platform/ids"
	"github.com/brindlewood-labs/shelternet/internal/providers/distributor"
	"github.com/brindlewood-labs/shelternet/internal/store"
)

const consumerStock = "supply.stock"

type UnitOfWork interface {
	Do(ctx context.Context, fn func(context.Context, *store.Repos) error) error
}

type OrderStore interface {
	Get(ctx context.Context, id string) (domain.SupplyOrder, error)
	GetByDistributorRef(ctx context.Context, ref string) (domain.SupplyOrder, error)
	MarkSubmitted(ctx context.Context, id, distributorRef string, at time.Time) (bool, error)
	LowStockItems(ctx context.Context) ([]domain.SupplyItem, error)
	DraftReorders(ctx context.Context, day time.Time) ([]domain.SupplyOrder, error)
}

type Distributor interface {
	PlaceOrder(ctx context.Context, req distributor.OrderRequest) (distributor.OrderAck, error)
}

type Service struct {
	uow         UnitOfWork
	orders      OrderStore
	distributor Distributor
	bus         message.Publisher
	site        string
	log         *slog.Logger

	now   func() time.Time
	newID func() string
}

func NewService(uow *store.UnitOfWork, orders *store.SupplyRepo, dist *distributor.Client, bus message.Publisher, cfg config.Config, log *slog.Logger) *Service {
	return &Service{
		uow:         uow,
		orders:      orders,
		distributor: dist,
		bus:         bus,
		site:        cfg.DefaultSiteID,
		log:         log,
		now:         func() time.Time { return time.Now().UTC() },
		newID:       ids.Default,
	}
}

type LineInput struct {
	SKU string `json:"sku"`
	Qty int    `json:"qty"`
}

type CreateOrderInput struct {
	RequestKey string
	SiteID     string
	CreatedBy  string
	Lines      []LineInput
}

// CreateOrder stores a draft order. The request key (the client's
// Idempotency-Key) is claimed by the insert, so a repeated request returns
// the order created the first time.
func (s *Service) CreateOrder(ctx context.Context, in CreateOrderInput) (domain.SupplyOrder, bool, error) {
	if in.RequestKey == "" {
		return domain.SupplyOrder{}, false, errors.New("request key is required")
	}
	if len(in.Lines) == 0 {
		return domain.SupplyOrder{}, false, errors.New("order has no lines")
	}
	site := in.SiteID
	if site == "" {
		site = s.site
	}
	draft := domain.SupplyOrder{
		ID:         s.newID(),
		RequestKey: &in.RequestKey,
		SiteID:     site,
		CreatedBy:  in.CreatedBy,
		CreatedAt:  s.now(),
	}

	var (
		order   domain.SupplyOrder
		created bool
	)
	err := s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		var err error
		order, created, err = r.Supply.CreateOrder(ctx, draft)
		if err != nil || !created {
			return err
		}
		lines, err := resolveLines(ctx, r.Supply, order.ID, in.Lines)
		if err != nil {
			return err
		}
		order.Lines = lines
		return r.Supply.InsertLines(ctx, lines)
	})
	return order, created, err
}

func resolveLines(ctx context.Context, repo *store.SupplyRepo, orderID string, in []LineInput) ([]domain.SupplyOrderLine, error) {
	skus := make([]string, 0, len(in))
	for _, l := range in {
		skus = append(skus, l.SKU)
	}
	items, err := repo.ItemsBySKU(ctx, skus)
	if err != nil {
		return nil, err
	}
	out := make([]domain.SupplyOrderLine, 0, len(in))
	for _, l := range in {
		it, ok := items[l.SKU]
		if !ok {
			return nil, fmt.Errorf("unknown sku %q: %w", l.SKU, domain.ErrNotFound)
		}
		if l.Qty <= 0 {
			return nil, fmt.Errorf("sku %q: quantity must be positive", l.SKU)
		}
		out = append(out, domain.SupplyOrderLine{OrderID: orderID, ItemID: it.ID, SKU: it.SKU, Qty: l.Qty})
	}
	return out, nil
}

func toDistributorLines(lines []domain.SupplyOrderLine) []distributor.OrderLine {
	out := make([]distributor.OrderLine, len(lines))
	for i, l := range lines {
		out[i] = distributor.OrderLine{SKU: l.SKU, Qty: l.Qty}
	}
	return out
}

// Submit sends a draft order to the distributor.
func (s *Service) Submit(ctx context.Context, orderID string) (domain.SupplyOrder, error) {
	o, err := s.orders.Get(ctx, orderID)
	if err != nil {
		return o, err
	}
	if o.Status != "draft" {
		return o, nil
	}
	ack, err := s.distributor.PlaceOrder(ctx, distributor.OrderRequest{
		ShipToSite: o.SiteID,
		Lines:      toDistributorLines(o.Lines),
		Notes:      "Placed by " + o.CreatedBy,
	})
	if err != nil {
		return o, fmt.Errorf("place order: %w", err)
	}
	if _, err := s.orders.MarkSubmitted(ctx, o.ID, ack.OrderID, s.now()); err != nil {
		return o, err
	}
	return s.orders.Get(ctx, o.ID)
}

// DeliveryNotice is the distributor's "shipment delivered" webhook body.
type DeliveryNotice struct {
	DeliveryID  string
	OrderID     string
	Lines       map[string]int
	DeliveredAt time.Time
}

// HandleDelivery turns a delivery notice into supply.delivered. Orders are
// often delivered in several shipments, so each notice carries only what
// arrived in that box.
func (s *Service) HandleDelivery(ctx context.Context, n DeliveryNotice) error {
	o, err := s.orders.GetByDistributorRef(ctx, n.OrderID)
	if err != nil {
		return fmt.Errorf("order for distributor ref %s: %w", n.OrderID, err)
	}
	return events.Publish(ctx, s.bus, events.TopicSupplyDelivered, events.SupplyDelivered{
		OrderID:        o.ID,
		DistributorRef: n.OrderID,
		DeliveryID:     n.DeliveryID,
		Lines:          n.Lines,
		DeliveredAt:    n.DeliveredAt,
	})
}

// OnSupplyDelivered adds the delivered quantities to stock.
func (s *Service) OnSupplyDelivered(ctx context.Context, messageID string, e events.SupplyDelivered) error {
	return s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
		first, err := r.Inbox.Claim(ctx, consumerStock, messageID)
		if err != nil || !first {
			return err
		}
		for sku, qty := range e.Lines {
			if err := r.Supply.AddStock(ctx, sku, qty); err != nil {
				return fmt.Errorf("add stock %s: %w", sku, err)
			}
		}
		return r.Supply.MarkDelivered(ctx, e.OrderID, e.DeliveredAt)
	})
}

// RunReorder is the nightly job: it drafts one reorder per low-stock item
// for the day and submits every draft reorder of the day that is still
// unsent. Safe to rerun after a failure.
func (s *Service) RunReorder(ctx context.Context, day time.Time) (submitted int, err error) {
	day = day.Truncate(24 * time.Hour)
	items, err := s.orders.LowStockItems(ctx)
	if err != nil {
		return 0, err
	}
	for _, it := range items {
		itemID := it.ID
		o := domain.SupplyOrder{
			ID:            s.newID(),
			SiteID:        s.site,
			ReorderItemID: &itemID,
			ReorderDate:   &day,
			CreatedBy:     "reorder-job",
			CreatedAt:     s.now(),
		}
		err := s.uow.Do(ctx, func(ctx context.Context, r *store.Repos) error {
			created, err := r.Supply.CreateReorder(ctx, o)
			if err != nil || !created {
				return err
			}
			return r.Supply.InsertLines(ctx, []domain.SupplyOrderLine{{OrderID: o.ID, ItemID: it.ID, SKU: it.SKU, Qty: it.ReorderQty}})
		})
		if err != nil {
			return submitted, fmt.Errorf("draft reorder %s: %w", it.SKU, err)
		}
	}

	drafts, err := s.orders.DraftReorders(ctx, day)
	if err != nil {
		return submitted, err
	}
	for _, d := range drafts {
		ack, err := s.distributor.PlaceOrder(ctx, distributor.OrderRequest{
			ShipToSite:     d.SiteID,
			Lines:          toDistributorLines(d.Lines),
			Notes:          "Automatic reorder",
			ClientOrderRef: d.ID,
		})
		if err != nil {
			return submitted, fmt.Errorf("place reorder %s: %w", d.ID, err)
		}
		if ack.Duplicate {
			s.log.Info("distributor already had reorder", "order_id", d.ID, "distributor_ref", ack.OrderID)
		}
		if _, err := s.orders.MarkSubmitted(ctx, d.ID, ack.OrderID, s.now()); err != nil {
			return submitted, err
		}
		submitted++
	}
	return submitted, nil
}
