package service

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/hibiken/asynq"
	"gorm.io/gorm"

	"github.com/haulright/movers/internal/domain"
	"github.com/haulright/movers/internal/jobs"
	"github.com/haulright/movers/internal/platform/retryx"
	"github.com/haulright/movers/internal/provider/payments"
	"github.com/haulright/movers/internal/repository"
)

type OpenStorageInput struct {
	BookingID        uuid.UUID
	Warehouse        string
	Vaults           int
	MonthlyRateCents int64
	StartedOn        time.Time
}

type StorageService interface {
	Open(ctx context.Context, in OpenStorageInput) (*domain.StorageLot, error)
	Release(ctx context.Context, lotID uuid.UUID, on time.Time) (*domain.StorageLot, error)
	BillPeriod(ctx context.Context, lotID uuid.UUID, period string) (*domain.StorageCharge, error)
	QueueMonthlyBilling(ctx context.Context, period string) (int, error)
}

type storageService struct {
	db        *gorm.DB
	storage   repository.StorageRepository
	bookings  repository.BookingRepository
	customers repository.CustomerRepository
	notes     repository.NotificationRepository
	gateway   payments.Client
	jobs      jobs.Enqueuer
	log       *slog.Logger
}

func NewStorageService(
	db *gorm.DB,
	storage repository.StorageRepository,
	bookings repository.BookingRepository,
	customers repository.CustomerRepository,
	notes repository.NotificationRepository,
	gateway payments.Client,
	q jobs.Enqueuer,
	log *slog.Logger,
) StorageService {
	return &storageService{db: db, storage: storage, bookings: bookings, customers: customers,
		notes: notes, gateway: gateway, jobs: q, log: log}
}

func (s *storageService) Open(ctx context.Context, in OpenStorageInput) (*domain.StorageLot, error) {
	if in.Vaults <= 0 || in.MonthlyRateCents <= 0 {
		return nil, invalid("vaults and monthly rate are required")
	}
	if in.StartedOn.IsZero() {
		in.StartedOn = time.Now().UTC()
	}
	b, err := s.bookings.Get(ctx, in.BookingID)
	if err != nil {
		return nil, notFound(err, "booking")
	}
	cust, err := s.customers.Get(ctx, b.CustomerID)
	if err != nil {
		return nil, err
	}

	var (
		lot    *domain.StorageLot
		staged []*domain.Notification
	)
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var created bool
		lot, created, err = s.storage.WithTx(tx).OpenLot(ctx, &domain.StorageLot{
			ID:               uuid.New(),
			BookingID:        b.ID,
			Warehouse:        in.Warehouse,
			Vaults:           in.Vaults,
			MonthlyRateCents: in.MonthlyRateCents,
			Status:           "in_storage",
			StartedOn:        in.StartedOn,
			CreatedAt:        time.Now().UTC(),
		})
		if err != nil || !created {
			return err
		}
		staged, err = stage(ctx, s.notes.WithTx(tx), outboxMessage{
			BookingID: &b.ID, Channel: domain.ChannelSMS, Template: "storage_opened",
			To: cust.Phone, Body: storageOpenedSMS(lot), Key: lot.ID.String(),
		})
		return err
	})
	if err != nil {
		return nil, err
	}
	dispatch(ctx, s.jobs, s.log, staged)
	return lot, nil
}

func (s *storageService) Release(ctx context.Context, lotID uuid.UUID, on time.Time) (*domain.StorageLot, error) {
	var lot *domain.StorageLot
	err := s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		var err error
		lot, err = s.storage.WithTx(tx).GetLotForUpdate(ctx, lotID)
		if err != nil {
			return notFound(err, "storage lot")
		}
		if lot.Status == "released" {
			return nil
		}
		if on.Before(lot.StartedOn) {
			return invalid("release date is before the storage start")
		}
		lot.Status, lot.ReleasedOn = "released", &on
		return s.storage.WithTx(tx).Release(ctx, lot.ID, on)
	})
	if err != nil {
		return nil, err
	}

	period := lot.ReleasedOn.Format("2006-01")
	err = s.jobs.Enqueue(ctx, jobs.TypeStorageBill,
		jobs.StorageBillPayload{LotID: lot.ID, Period: period, Final: true},
		asynq.TaskID(fmt.Sprintf("storage-bill-%s-%s", lot.ID, period)),
		asynq.Queue(jobs.QueuePayments))
	if err != nil {
		return nil, err
	}
	return lot, nil
}

// prorate returns the charge for the part of period the lot was stored.
func prorate(lot *domain.StorageLot, period string) (int64, error) {
	start, err := time.Parse("2006-01", period)
	if err != nil {
		return 0, invalid("bad period %q", period)
	}
	end := start.AddDate(0, 1, 0)
	from, to := start, end
	if lot.StartedOn.After(from) {
		from = lot.StartedOn
	}
	if lot.ReleasedOn != nil && lot.ReleasedOn.Before(to) {
		to = lot.ReleasedOn.AddDate(0, 0, 1)
	}
	if !to.After(from) {
		return 0, nil
	}
	days := int64(to.Sub(from).Hours() / 24)
	total := int64(end.Sub(start).Hours() / 24)
	return lot.MonthlyRateCents * int64(lot.Vaults) * days / total, nil
}

func (s *storageService) BillPeriod(ctx context.Context, lotID uuid.UUID, period string) (*domain.StorageCharge, error) {
	lot, err := s.storage.GetLot(ctx, lotID)
	if err != nil {
		return nil, notFound(err, "storage lot")
	}
	amount, err := prorate(lot, period)
	if err != nil {
		return nil, err
	}
	charge, err := s.storage.EnsureCharge(ctx, &domain.StorageCharge{
		ID:          uuid.New(),
		LotID:       lot.ID,
		Period:      period,
		AmountCents: amount,
		Status:      domain.PaymentPending,
		CreatedAt:   time.Now().UTC(),
	})
	if err != nil {
		return nil, err
	}
	if charge.Status == domain.PaymentSucceeded || charge.AmountCents == 0 {
		return charge, nil
	}

	b, err := s.bookings.Get(ctx, lot.BookingID)
	if err != nil {
		return nil, err
	}
	cust, err := s.customers.Get(ctx, b.CustomerID)
	if err != nil {
		return nil, err
	}
	if cust.CardToken == nil {
		return nil, ErrNoCardOnFile
	}
	req := payments.ChargeRequest{
		AmountCents: charge.AmountCents,
		Currency:    "usd",
		CardToken:   *cust.CardToken,
		Description: fmt.Sprintf("Storage %s, %d vaults, %s", lot.Warehouse, lot.Vaults, period),
		Capture:     true,
	}
	res, err := retryx.Do(ctx, func(ctx context.Context) (*payments.Charge, error) {
		return s.gateway.Charge(ctx, req, payments.WithIdempotencyKey("stor_"+charge.ID.String()))
	})
	if err != nil {
		return nil, fmt.Errorf("storage charge: %w", err)
	}
	status := domain.PaymentSucceeded
	if !res.Succeeded() {
		status = domain.PaymentFailed
	}
	if err := s.storage.SettleCharge(ctx, charge.ID, res.ID, status); err != nil {
		return nil, err
	}
	charge.Status, charge.ProviderChargeID = status, &res.ID
	return charge, nil
}

// QueueMonthlyBilling queues one billing task per lot for period.
func (s *storageService) QueueMonthlyBilling(ctx context.Context, period string) (int, error) {
	lots, err := s.storage.BillableLots(ctx, period)
	if err != nil {
		return 0, err
	}
	var errs []error
	for _, l := range lots {
		err := s.jobs.Enqueue(ctx, jobs.TypeStorageBill, jobs.StorageBillPayload{LotID: l.ID, Period: period},
			asynq.TaskID(fmt.Sprintf("storage-bill-%s-%s", l.ID, period)),
			asynq.Queue(jobs.QueuePayments))
		if err != nil {
			errs = append(errs, err)
		}
	}
	return len(lots) - len(errs), errors.Join(errs...)
}
