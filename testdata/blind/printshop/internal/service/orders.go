package service

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hibiken/asynq"
	"go.uber.org/fx"
	"go.uber.org/zap"
	"gorm.io/gorm"

	"github.com/inkloop/printshop/internal/config"
	"github.com/inkloop/printshop/internal/model"
	"github.com/inkloop/printshop/internal/provider/printfac"
	"github.com/inkloop/printshop/internal/queue/sqsbus"
	"github.com/inkloop/printshop/internal/queue/tasks"
	"github.com/inkloop/printshop/internal/repository"
)

type Orders struct {
	db         *gorm.DB
	cfg        config.Config
	merchants  repository.MerchantRepository
	orders     repository.OrderRepository
	jobs       repository.PrintJobRepository
	shipments  repository.ShipmentRepository
	inbound    repository.InboundRepository
	walletRepo repository.WalletRepository
	wallets    WalletService
	notify     NotificationService
	facilities *printfac.Registry
	enqueue    tasks.Enqueuer
	publisher  sqsbus.Publisher
	log        *zap.Logger
}

type OrdersDeps struct {
	fx.In

	DB         *gorm.DB
	Config     config.Config
	Merchants  repository.MerchantRepository
	Orders     repository.OrderRepository
	Jobs       repository.PrintJobRepository
	Shipments  repository.ShipmentRepository
	Inbound    repository.InboundRepository
	WalletRepo repository.WalletRepository
	Wallets    WalletService
	Notify     NotificationService
	Facilities *printfac.Registry
	Enqueue    tasks.Enqueuer
	Publisher  sqsbus.Publisher
	Log        *zap.Logger
}

func NewOrders(d OrdersDeps) *Orders {
	return &Orders{
		db: d.DB, cfg: d.Config, merchants: d.Merchants, orders: d.Orders, jobs: d.Jobs,
		shipments: d.Shipments, inbound: d.Inbound, walletRepo: d.WalletRepo, wallets: d.Wallets,
		notify: d.Notify, facilities: d.Facilities, enqueue: d.Enqueue, publisher: d.Publisher,
		log: d.Log.Named("orders"),
	}
}

// buildOrder assembles an order and its items from shop-style lines.
func buildOrder(merchantID, channel string, shopOrderID *string, currency string, shipTo model.Address, lines []ShopLineItem) (*model.Order, error) {
	if len(lines) == 0 {
		return nil, fmt.Errorf("%w: order has no lines", ErrInvalid)
	}
	if currency == "" {
		currency = "USD"
	}
	o := &model.Order{
		ID:          model.NewOrderID(),
		MerchantID:  merchantID,
		ShopOrderID: shopOrderID,
		Channel:     channel,
		Status:      model.OrderReceived,
		Currency:    currency,
		ShipTo:      shipTo,
	}
	for i, l := range lines {
		if l.Quantity <= 0 || l.SKU == "" || l.ArtworkURL == "" {
			return nil, fmt.Errorf("%w: line %d is incomplete", ErrInvalid, i+1)
		}
		o.Items = append(o.Items, model.OrderItem{
			ID:            model.NewID(model.PrefixItem),
			OrderID:       o.ID,
			LineNo:        i + 1,
			SKU:           l.SKU,
			Quantity:      l.Quantity,
			ArtworkURL:    l.ArtworkURL,
			UnitCostCents: l.UnitCents,
		})
	}
	o.TotalCents = o.ComputeTotal()
	return o, nil
}

func firstJob(o *model.Order, facility string) model.PrintJob {
	return model.PrintJob{
		ID:       model.NewPrintJobID(),
		OrderID:  o.ID,
		Facility: facility,
		Status:   model.JobPending,
		Attempt:  1,
	}
}

func orderPayload(o *model.Order) map[string]any {
	p := map[string]any{
		"order_id":    o.ID,
		"status":      o.Status,
		"total_cents": o.TotalCents,
		"currency":    o.Currency,
	}
	if o.ShopOrderID != nil {
		p["shop_order_id"] = *o.ShopOrderID
	}
	return p
}

func (s *Orders) activeMerchant(ctx context.Context, domain string) (*model.Merchant, error) {
	m, err := s.merchants.GetByDomain(ctx, domain)
	if errors.Is(err, repository.ErrNotFound) {
		return nil, fmt.Errorf("%w: unknown shop %s", ErrNotFound, domain)
	}
	if err != nil {
		return nil, err
	}
	if m.Status != model.MerchantActive {
		return nil, fmt.Errorf("%w: merchant %s is %s", ErrForbidden, m.ID, m.Status)
	}
	return m, nil
}

func (s *Orders) IngestShopOrder(ctx context.Context, deliveryID string, in ShopOrderInput) (*model.Order, bool, error) {
	m, err := s.activeMerchant(ctx, in.ShopDomain)
	if err != nil {
		return nil, false, err
	}
	shopID := in.ShopOrderID
	order, err := buildOrder(m.ID, model.ChannelShop, &shopID, in.Currency, in.ShipTo, in.Lines)
	if err != nil {
		return nil, false, err
	}
	job := firstJob(order, m.DefaultFacility)

	var (
		created    bool
		deliveries []string
	)
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		claimed, err := s.inbound.WithTx(tx).ClaimWebhook(ctx, "shop", deliveryID, "orders/create")
		if err != nil || !claimed {
			return err
		}
		inserted, err := s.orders.WithTx(tx).InsertIfAbsent(ctx, order)
		if err != nil || !inserted {
			return err
		}
		if err := s.jobs.WithTx(tx).Create(ctx, &job); err != nil {
			return err
		}
		deliveries, err = s.notify.Emit(ctx, tx, m.ID, model.EventOrderReceived, orderPayload(order), order.ID)
		if err != nil {
			return err
		}
		created = true
		return nil
	})
	if err != nil {
		return nil, false, fmt.Errorf("orders: ingest %s/%s: %w", in.ShopDomain, in.ShopOrderID, err)
	}

	// Whether this delivery created the order or an earlier one did, make sure
	// the charge step is queued; the task id collapses repeats.
	stored, err := s.orders.GetByShopOrderID(ctx, m.ID, in.ShopOrderID)
	if err != nil {
		return nil, false, err
	}
	if err := s.queueCharge(ctx, stored.ID); err != nil {
		return nil, false, err
	}
	if err := s.notify.Dispatch(ctx, deliveries); err != nil {
		s.log.Warn("dispatch order.received", zap.String("order_id", stored.ID), zap.Error(err))
	}
	return stored, created, nil
}

func (s *Orders) queueCharge(ctx context.Context, orderID string) error {
	return tasks.EnqueueJSON(ctx, s.enqueue, tasks.TypeOrderCharge,
		tasks.OrderChargePayload{OrderID: orderID},
		asynq.TaskID("charge:"+orderID), asynq.Queue(tasks.QueueCritical), tasks.Retention())
}

func (s *Orders) UpdateShippingAddress(ctx context.Context, shopDomain, shopOrderID string, addr model.Address, updatedAt time.Time) (bool, error) {
	m, err := s.activeMerchant(ctx, shopDomain)
	if err != nil {
		return false, err
	}
	o, err := s.orders.GetByShopOrderID(ctx, m.ID, shopOrderID)
	if errors.Is(err, repository.ErrNotFound) {
		return false, nil
	}
	if err != nil {
		return false, err
	}
	return s.orders.UpdateShipTo(ctx, o.ID, addr, updatedAt)
}

func (s *Orders) CancelShopOrder(ctx context.Context, shopDomain, shopOrderID, reason string) error {
	m, err := s.merchants.GetByDomain(ctx, shopDomain)
	if err != nil {
		return err
	}
	o, err := s.orders.GetByShopOrderID(ctx, m.ID, shopOrderID)
	if errors.Is(err, repository.ErrNotFound) {
		return nil
	}
	if err != nil {
		return err
	}
	switch o.Status {
	case model.OrderCancelled, model.OrderRefunded:
		return nil
	case model.OrderShipped, model.OrderDelivered:
		return fmt.Errorf("%w: order %s already %s", ErrConflict, o.ID, o.Status)
	}

	if o.Status == model.OrderCharged || o.Status == model.OrderInPrint {
		if _, err := s.wallets.Credit(ctx, o.MerchantID, o.TotalCents, model.LedgerRefund, o.ID, "cancelled by shop: "+reason); err != nil {
			return fmt.Errorf("orders: refund %s: %w", o.ID, err)
		}
	}

	jobs, err := s.jobs.ListByOrder(ctx, o.ID)
	if err != nil {
		return err
	}
	for _, j := range jobs {
		if j.Terminal() {
			continue
		}
		if j.FacilityJobID != nil {
			f, err := s.facilities.Get(j.Facility)
			if err != nil {
				return err
			}
			if err := f.Cancel(ctx, *j.FacilityJobID); err != nil {
				return fmt.Errorf("orders: cancel job %s at %s: %w", j.ID, j.Facility, err)
			}
		}
		if _, err := s.jobs.Transition(ctx, j.ID, []string{model.JobPending, model.JobSubmitted, model.JobPrinting, model.JobPrinted, model.JobLabelReq}, model.JobCancelled); err != nil {
			return err
		}
	}

	if err := s.orders.SetStatus(ctx, o.ID, model.OrderCancelled); err != nil {
		return err
	}

	shipments, err := s.shipments.ListByOrder(ctx, o.ID)
	if err != nil {
		return err
	}
	for _, sh := range shipments {
		if sh.Kind != model.ShipmentOutbound || sh.Status != model.ShipmentPurchased {
			continue
		}
		_, err := s.publisher.Publish(ctx, s.cfg.LabelVoidQueue, sqsbus.TypeLabelVoid,
			sqsbus.LabelVoid{ShipmentID: sh.ID, OrderID: o.ID, Reason: "order cancelled"})
		if err != nil {
			return err
		}
	}
	return nil
}

func (s *Orders) CreateManualOrder(ctx context.Context, merchantID string, in ManualOrderInput) (*model.Order, error) {
	m, err := s.merchants.Get(ctx, merchantID)
	if err != nil {
		return nil, err
	}
	order, err := buildOrder(m.ID, model.ChannelManual, nil, in.Currency, in.ShipTo, in.Lines)
	if err != nil {
		return nil, err
	}
	facility := in.Facility
	if facility == "" {
		facility = m.DefaultFacility
	}
	if _, err := s.facilities.Get(facility); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInvalid, err)
	}
	job := firstJob(order, facility)
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := s.orders.WithTx(tx).Create(ctx, order); err != nil {
			return err
		}
		return s.jobs.WithTx(tx).Create(ctx, &job)
	})
	if err != nil {
		return nil, fmt.Errorf("orders: create manual order: %w", err)
	}
	if err := s.queueCharge(ctx, order.ID); err != nil {
		return nil, err
	}
	return order, nil
}

func (s *Orders) ChargeOrder(ctx context.Context, orderID string) error {
	var (
		order      *model.Order
		charged    bool
		needsFunds bool
		balance    int64
	)
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		o, err := s.orders.WithTx(tx).Get(ctx, orderID)
		if err != nil {
			return err
		}
		order = o
		if o.Status != model.OrderReceived && o.Status != model.OrderPaymentDue {
			charged = o.Status != model.OrderCancelled
			return nil
		}
		w, err := s.walletRepo.WithTx(tx).GetForUpdate(ctx, o.MerchantID)
		if err != nil {
			return err
		}
		if w.BalanceCents < o.TotalCents {
			needsFunds = true
			balance = w.BalanceCents
			_, err := s.orders.WithTx(tx).Transition(ctx, o.ID, []string{model.OrderReceived}, model.OrderPaymentDue)
			return err
		}
		key := "charge:" + o.ID
		_, bal, err := s.wallets.Post(ctx, tx, model.LedgerEntry{
			MerchantID:     o.MerchantID,
			Kind:           model.LedgerCharge,
			AmountCents:    -o.TotalCents,
			Reference:      o.ID,
			IdempotencyKey: &key,
			Memo:           "print order",
		})
		if err != nil {
			return err
		}
		balance = bal
		if _, err := s.orders.WithTx(tx).Transition(ctx, o.ID,
			[]string{model.OrderReceived, model.OrderPaymentDue}, model.OrderCharged); err != nil {
			return err
		}
		charged = true
		return nil
	})
	if errors.Is(err, repository.ErrNotFound) {
		return fmt.Errorf("order %s: %w", orderID, asynq.SkipRetry)
	}
	if err != nil {
		return err
	}

	if needsFunds {
		return s.requestFunds(ctx, order.MerchantID, balance, "order:"+order.ID)
	}
	if charged {
		jobs, err := s.jobs.ListByOrder(ctx, order.ID)
		if err != nil {
			return err
		}
		for _, j := range jobs {
			if j.Status != model.JobPending {
				continue
			}
			err := tasks.EnqueueJSON(ctx, s.enqueue, tasks.TypePrintSubmit,
				tasks.PrintSubmitPayload{PrintJobID: j.ID},
				asynq.TaskID("submit:"+j.ID), asynq.Queue(tasks.QueueCritical), tasks.Retention())
			if err != nil {
				return err
			}
		}
	}
	m, err := s.merchants.Get(ctx, order.MerchantID)
	if err == nil && m.AutotopupEnabled && balance < m.AutotopupThresholdCents {
		return s.requestFunds(ctx, m.ID, balance, "threshold")
	}
	return nil
}

func (s *Orders) requestFunds(ctx context.Context, merchantID string, balance int64, trigger string) error {
	bucket := time.Now().UTC().Format("2006010215")
	if err := tasks.EnqueueJSON(ctx, s.enqueue, tasks.TypeWalletAutoTopup,
		tasks.WalletAutoTopupPayload{MerchantID: merchantID, Trigger: trigger},
		asynq.TaskID("autotopup:"+merchantID+":"+bucket), asynq.MaxRetry(5)); err != nil {
		return err
	}
	return tasks.EnqueueJSON(ctx, s.enqueue, tasks.TypeWalletLowBalance,
		tasks.WalletLowBalancePayload{MerchantID: merchantID, BalanceCents: balance},
		asynq.TaskID("lowbal:"+merchantID+":"+bucket[:8]), asynq.Queue(tasks.QueueLow))
}
