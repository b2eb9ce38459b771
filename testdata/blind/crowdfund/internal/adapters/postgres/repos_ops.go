package postgres

import (
	"context"
	"encoding/json"
	"errors"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/brightfund/crowdfund/internal/adapters/postgres/dbq"
	"github.com/brightfund/crowdfund/internal/core/domain"
	"github.com/brightfund/crowdfund/internal/core/ports"
)

type shipmentRepo struct{ q *dbq.Queries }

var _ ports.ShipmentRepository = shipmentRepo{}

func (r shipmentRepo) Create(ctx context.Context, s domain.Shipment) (bool, error) {
	n, err := r.q.InsertShipment(ctx, dbq.InsertShipmentParams{
		ID:                s.ID,
		PledgeID:          s.PledgeID,
		CampaignID:        s.CampaignID,
		CarrierShipmentID: s.CarrierShipmentID,
		TrackingNumber:    s.TrackingNumber,
		LabelUrl:          s.LabelURL,
	})
	return n == 1, wrap("create shipment", err)
}

func (r shipmentRepo) GetByPledge(ctx context.Context, pledgeID string) (domain.Shipment, error) {
	row, err := r.q.GetShipmentByPledge(ctx, pledgeID)
	return one(row, err, toShipment)
}

func (r shipmentRepo) GetByCarrierID(ctx context.Context, carrierShipmentID string) (domain.Shipment, error) {
	row, err := r.q.GetShipmentByCarrierID(ctx, carrierShipmentID)
	return one(row, err, toShipment)
}

func (r shipmentRepo) RecordEvent(ctx context.Context, e domain.ShipmentEvent) (bool, error) {
	n, err := r.q.InsertShipmentEvent(ctx, dbq.InsertShipmentEventParams{
		CarrierEventID:    e.CarrierEventID,
		CarrierShipmentID: e.CarrierShipmentID,
		Status:            string(e.Status),
		Detail:            e.Detail,
		OccurredAt:        ts(e.OccurredAt),
	})
	return n == 1, wrap("record shipment event", err)
}

func (r shipmentRepo) SetStatus(ctx context.Context, id string, status domain.ShipmentStatus) error {
	return wrap("set shipment status", r.q.SetShipmentStatus(ctx, id, string(status)))
}

func (r shipmentRepo) SetReturnLabel(ctx context.Context, id, labelID, labelURL string) error {
	return wrap("set return label", r.q.SetShipmentReturnLabel(ctx, id, labelID, labelURL))
}

func (r shipmentRepo) CountAwaitingPickup(ctx context.Context, campaignID string) (int, error) {
	n, err := r.q.CountShipmentsAwaitingPickup(ctx, campaignID)
	return int(n), wrap("count awaiting pickup", err)
}

func (r shipmentRepo) AssignPickup(ctx context.Context, campaignID, pickupID string) error {
	return wrap("assign pickup", r.q.AssignShipmentsToPickup(ctx, campaignID, pickupID))
}

func (r shipmentRepo) CreatePickup(ctx context.Context, p domain.Pickup) error {
	return wrap("create pickup", r.q.CreatePickup(ctx, dbq.CreatePickupParams{
		ID:              p.ID,
		CampaignID:      p.CampaignID,
		CarrierPickupID: p.CarrierPickupID,
		PickupDate:      date(p.PickupDate),
		Parcels:         int32(p.Parcels),
	}))
}

type payoutRepo struct{ q *dbq.Queries }

func (r payoutRepo) Open(ctx context.Context, p domain.Payout) (domain.Payout, bool, error) {
	row, created, err := inserted(r.q.InsertPayout(ctx, dbq.InsertPayoutParams{
		ID:          p.ID,
		CampaignID:  p.CampaignID,
		AmountCents: p.AmountCents,
		FeeCents:    p.FeeCents,
		Currency:    p.Currency,
	}))
	if err != nil {
		return domain.Payout{}, false, wrap("open payout", err)
	}
	if !created {
		existing, err := r.q.GetPayoutByCampaign(ctx, p.CampaignID)
		po, err := one(existing, err, toPayout)
		return po, false, err
	}
	return toPayout(row), true, nil
}

func (r payoutRepo) Get(ctx context.Context, id string) (domain.Payout, error) {
	row, err := r.q.GetPayout(ctx, id)
	return one(row, err, toPayout)
}

func (r payoutRepo) MarkSubmitted(ctx context.Context, id, endToEndID, transferRef string, at time.Time) error {
	return wrap("mark payout submitted", r.q.MarkPayoutSubmitted(ctx, id, endToEndID, transferRef, ts(at)))
}

func (r payoutRepo) MarkSettled(ctx context.Context, transferRef string, at time.Time) (bool, error) {
	n, err := r.q.MarkPayoutSettled(ctx, transferRef, ts(at))
	return n == 1, wrap("mark payout settled", err)
}

func (r payoutRepo) MarkReturned(ctx context.Context, transferRef string) (domain.Payout, error) {
	row, err := r.q.MarkPayoutReturned(ctx, transferRef)
	return one(row, err, toPayout)
}

type ledgerRepo struct{ q *dbq.Queries }

func (r ledgerRepo) Append(ctx context.Context, e domain.LedgerEntry) error {
	return wrap("append ledger", r.q.CreateLedgerEntry(ctx, dbq.CreateLedgerEntryParams{
		ID:          e.ID,
		CampaignID:  e.CampaignID,
		PayoutID:    text(e.PayoutID),
		Kind:        string(e.Kind),
		AmountCents: e.AmountCents,
		Memo:        e.Memo,
	}))
}

type notificationRepo struct{ q *dbq.Queries }

func (r notificationRepo) Enqueue(ctx context.Context, n domain.Notification) (domain.Notification, bool, error) {
	data, err := json.Marshal(n.Data)
	if err != nil {
		return domain.Notification{}, false, err
	}
	row, created, err := inserted(r.q.InsertNotification(ctx, dbq.InsertNotificationParams{
		ID:        n.ID,
		Template:  string(n.Template),
		Ref:       n.Ref,
		Recipient: n.Recipient,
		Subject:   n.Subject,
		Data:      data,
	}))
	if err != nil {
		return domain.Notification{}, false, wrap("enqueue notification", err)
	}
	if !created {
		existing, err := r.q.GetNotificationByKey(ctx, string(n.Template), n.Ref, n.Recipient)
		out, err := one(existing, err, toNotification)
		return out, false, err
	}
	return toNotification(row), true, nil
}

func (r notificationRepo) Get(ctx context.Context, id string) (domain.Notification, error) {
	row, err := r.q.GetNotification(ctx, id)
	return one(row, err, toNotification)
}

func (r notificationRepo) MarkSent(ctx context.Context, id, providerMessageID string, at time.Time) error {
	return wrap("mark notification sent", r.q.MarkNotificationSent(ctx, id, ts(at), providerMessageID))
}

type webhookEventRepo struct{ q *dbq.Queries }

func (r webhookEventRepo) Seen(ctx context.Context, provider, eventID string) (bool, error) {
	ok, err := r.q.WebhookEventExists(ctx, provider, eventID)
	return ok, wrap("webhook event exists", err)
}

func (r webhookEventRepo) Record(ctx context.Context, provider, eventID string) error {
	return wrap("record webhook event", r.q.InsertWebhookEvent(ctx, provider, eventID))
}

// IdempotencyStore is used by the HTTP layer to replay responses.
type IdempotencyStore struct{ q *dbq.Queries }

func NewIdempotencyStore(pool *pgxpool.Pool) *IdempotencyStore {
	return &IdempotencyStore{q: dbq.New(pool)}
}

func (s *IdempotencyStore) Lookup(ctx context.Context, scope, key string) (*ports.IdempotencyRecord, error) {
	row, err := s.q.GetIdempotencyRecord(ctx, scope, key)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, nil
	}
	if err != nil {
		return nil, wrap("lookup idempotency record", err)
	}
	return &ports.IdempotencyRecord{
		Scope:       row.Scope,
		Key:         row.Key,
		RequestHash: row.RequestHash,
		StatusCode:  int(row.StatusCode),
		Body:        row.Body,
		CreatedAt:   row.CreatedAt.Time,
	}, nil
}

func (s *IdempotencyStore) Save(ctx context.Context, rec ports.IdempotencyRecord) error {
	return wrap("save idempotency record", s.q.SaveIdempotencyRecord(ctx, dbq.SaveIdempotencyRecordParams{
		Scope:       rec.Scope,
		Key:         rec.Key,
		RequestHash: rec.RequestHash,
		StatusCode:  int32(rec.StatusCode),
		Body:        rec.Body,
	}))
}

type backerDirectory struct{ q *dbq.Queries }

func (d backerDirectory) EmailsForCampaign(ctx context.Context, campaignID string) ([]ports.BackerContact, error) {
	rows, err := d.q.ListBackerContacts(ctx, campaignID)
	return many(rows, err, func(r dbq.ListBackerContactsRow) ports.BackerContact {
		return ports.BackerContact{BackerID: r.BackerID, PledgeID: r.PledgeID, Email: r.Email, Name: r.DisplayName}
	})
}

func (d backerDirectory) Email(ctx context.Context, backerID string) (string, error) {
	email, _, err := d.q.GetBacker(ctx, backerID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", domain.ErrNotFound
	}
	return email, err
}

func (d backerDirectory) CustomerRef(ctx context.Context, backerID string) (string, error) {
	_, ref, err := d.q.GetBacker(ctx, backerID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", domain.ErrNotFound
	}
	return ref, err
}

func (d backerDirectory) CreatorEmail(ctx context.Context, creatorID string) (string, error) {
	email, err := d.q.GetCreatorEmail(ctx, creatorID)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", domain.ErrNotFound
	}
	return email, err
}
