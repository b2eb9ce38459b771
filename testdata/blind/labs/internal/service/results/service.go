// Package results records finalized results from the LIS and delivers
// them to the ordering partner's EHR.
package results

import (
	"context"
	"database/sql"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"

	"github.com/meridianlabs/labs/internal/jobs"
	"github.com/meridianlabs/labs/internal/platform/db"
	"github.com/meridianlabs/labs/internal/platform/events"
	"github.com/meridianlabs/labs/internal/platform/ids"
	"github.com/meridianlabs/labs/internal/providers/ehr"
	"github.com/meridianlabs/labs/internal/store"
)

// Deliverer posts result events to a partner endpoint.
type Deliverer interface {
	Deliver(ctx context.Context, ep ehr.Endpoint, evt ehr.ResultEvent) error
}

// Critical flags page the ordering provider.
var criticalFlags = map[string]bool{"HH": true, "LL": true, "AA": true}

// Service is the results service.
type Service struct {
	db       *sql.DB
	results  *store.Results
	orders   *store.Orders
	patients *store.Patients
	partners *store.Partners
	queue    *jobs.Queue
	outbox   events.Outbox
	ehr      Deliverer
	log      *slog.Logger
}

// New builds the service.
func New(conn *sql.DB, queue *jobs.Queue, outbox events.Outbox, deliverer Deliverer, logger *slog.Logger) *Service {
	return &Service{
		db:       conn,
		results:  store.NewResults(conn),
		orders:   store.NewOrders(conn),
		patients: store.NewPatients(conn),
		partners: store.NewPartners(conn),
		queue:    queue,
		outbox:   outbox,
		ehr:      deliverer,
		log:      logger,
	}
}

// ResultInput is a final result posted by the LIS interface engine.
type ResultInput struct {
	LISResultID    string    `json:"lis_result_id"`
	OrderID        string    `json:"order_id"`
	TestCode       string    `json:"test_code"`
	Value          string    `json:"value"`
	Units          string    `json:"units"`
	ReferenceRange string    `json:"reference_range"`
	Flag           string    `json:"flag"`
	PerformedBy    string    `json:"performed_by"`
	FinalizedAt    time.Time `json:"finalized_at"`
}

// Outcome says what Record did.
type Outcome string

// Outcomes of Record.
const (
	OutcomeCreated   Outcome = "created"
	OutcomeAmended   Outcome = "amended"
	OutcomeUnchanged Outcome = "unchanged"
)

// Record stores a final result. A repeated post of the same LIS result is
// a no-op; a post with a different value amends it.
func (s *Service) Record(ctx context.Context, in ResultInput) (store.Result, Outcome, error) {
	if in.Flag == "" {
		in.Flag = "N"
	}
	o, err := s.orders.Get(ctx, in.OrderID)
	if err != nil {
		return store.Result{}, "", err
	}
	if o.Status == "cancelled" {
		return store.Result{}, "", fmt.Errorf("order %s is cancelled", o.ID)
	}

	type rec struct {
		res     store.Result
		outcome Outcome
	}
	out, err := db.InTxValue(ctx, s.db, func(tx *sql.Tx) (rec, error) {
		repo := s.results.WithTx(tx)
		r := store.Result{
			ID:             ids.Prefixed("res"),
			OrderID:        o.ID,
			LISResultID:    in.LISResultID,
			TestCode:       in.TestCode,
			Value:          in.Value,
			Units:          in.Units,
			ReferenceRange: in.ReferenceRange,
			Flag:           in.Flag,
			PerformedBy:    in.PerformedBy,
			FinalizedAt:    in.FinalizedAt,
		}
		created, err := repo.InsertIfAbsent(ctx, &r)
		if err != nil {
			return rec{}, err
		}
		if created {
			return rec{r, OutcomeCreated}, s.afterCreate(ctx, tx, o, r)
		}
		amended, err := repo.Amend(ctx, in.LISResultID, in.Value, in.Units, in.ReferenceRange, in.Flag, in.FinalizedAt)
		if errors.Is(err, db.ErrNotFound) {
			existing, err := repo.ByLISID(ctx, in.LISResultID)
			return rec{existing, OutcomeUnchanged}, err
		}
		if err != nil {
			return rec{}, err
		}
		return rec{amended, OutcomeAmended}, s.outbox.Publish(ctx, tx, events.TopicResultAmended, events.ResultAmended{
			ResultID:  amended.ID,
			OrderID:   o.ID,
			PartnerID: o.PartnerID,
			Version:   amended.Version,
			AmendedAt: amended.FinalizedAt,
		})
	})
	return out.res, out.outcome, err
}

func (s *Service) afterCreate(ctx context.Context, tx *sql.Tx, o store.Order, r store.Result) error {
	orders := s.orders.WithTx(tx)
	done, err := orders.AllResulted(ctx, o.ID)
	if err != nil {
		return err
	}
	if done {
		if _, err := orders.Transition(ctx, o.ID, []string{"placed", "collected", "received"}, "resulted", ""); err != nil &&
			!errors.Is(err, db.ErrNotFound) {
			return err
		}
	}
	if err := s.outbox.Publish(ctx, tx, events.TopicResultFinalized, events.ResultFinalized{
		ResultID:    r.ID,
		OrderID:     o.ID,
		PartnerID:   o.PartnerID,
		TestCode:    r.TestCode,
		Version:     r.Version,
		Flag:        r.Flag,
		FinalizedAt: r.FinalizedAt,
	}); err != nil {
		return err
	}
	if !criticalFlags[r.Flag] {
		return nil
	}
	return s.outbox.Publish(ctx, tx, events.TopicResultCritical, events.ResultCritical{
		ResultID:      r.ID,
		OrderID:       o.ID,
		TestCode:      r.TestCode,
		Value:         r.Value,
		Units:         r.Units,
		Flag:          r.Flag,
		OrderingNPI:   o.OrderingNPI,
		OrderingPhone: o.OrderingPhone,
	})
}

// PublishPayload is the payload of ehr.publish_result jobs.
type PublishPayload struct {
	ResultID string `json:"result_id"`
	Version  int    `json:"version"`
}

// QueuePublication records that a finalized result must reach the partner
// and queues the delivery.
func (s *Service) QueuePublication(ctx context.Context, evt events.ResultFinalized) error {
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		if err := s.results.WithTx(tx).InsertPublication(ctx, evt.ResultID, evt.Version, evt.PartnerID); err != nil {
			return fmt.Errorf("publication %s v%d: %w", evt.ResultID, evt.Version, err)
		}
		_, err := s.queue.WithTx(tx).Enqueue(ctx, jobs.KindPublishResult,
			PublishPayload{ResultID: evt.ResultID, Version: evt.Version},
			jobs.WithDedupeKey(fmt.Sprintf("publish:%s:%d", evt.ResultID, evt.Version)))
		return err
	})
}

type deliveryContext struct {
	result   store.Result
	order    store.Order
	patient  store.Patient
	endpoint ehr.Endpoint
}

func (s *Service) loadDelivery(ctx context.Context, resultID string) (deliveryContext, error) {
	var d deliveryContext
	var err error
	if d.result, err = s.results.Get(ctx, resultID); err != nil {
		return d, err
	}
	if d.order, err = s.orders.Get(ctx, d.result.OrderID); err != nil {
		return d, err
	}
	if d.patient, err = s.patients.Get(ctx, d.order.PatientID); err != nil {
		return d, err
	}
	partner, err := s.partners.Get(ctx, d.order.PartnerID)
	if err != nil {
		return d, err
	}
	d.endpoint = ehr.Endpoint{PartnerID: partner.ID, URL: partner.WebhookURL, Secret: partner.WebhookSecret}
	return d, nil
}

func detail(r store.Result) ehr.ResultDetail {
	return ehr.ResultDetail{
		LabResultID:    r.ID,
		TestCode:       r.TestCode,
		Value:          r.Value,
		Units:          r.Units,
		ReferenceRange: r.ReferenceRange,
		Flag:           r.Flag,
		Version:        r.Version,
		FinalizedAt:    r.FinalizedAt,
	}
}

// PublishResult delivers a result version to the partner's EHR.
func (s *Service) PublishResult(ctx context.Context, p PublishPayload) error {
	d, err := s.loadDelivery(ctx, p.ResultID)
	if err != nil {
		return err
	}
	if d.result.Version != p.Version {
		s.log.InfoContext(ctx, "result superseded before delivery", "result_id", p.ResultID, "version", p.Version)
		return nil
	}
	evt := ehr.NewResultEvent("result.final", d.result.FinalizedAt)
	evt.ExternalOrderID = d.order.ExternalOrderID
	evt.PatientMRN = d.patient.MRN
	evt.Result = detail(d.result)
	if err := s.ehr.Deliver(ctx, d.endpoint, evt); err != nil {
		return err
	}
	return s.results.MarkPublished(ctx, p.ResultID, p.Version)
}

// PublishAmendment delivers a corrected result to the partner's EHR.
func (s *Service) PublishAmendment(ctx context.Context, evt events.ResultAmended) error {
	d, err := s.loadDelivery(ctx, evt.ResultID)
	if err != nil {
		return err
	}
	if d.result.Version > evt.Version {
		return nil
	}
	err = s.ehr.Deliver(ctx, d.endpoint, ehr.ResultEvent{
		EventID:         fmt.Sprintf("%s.v%d", d.result.ID, d.result.Version),
		Type:            "result.corrected",
		OccurredAt:      evt.AmendedAt.UTC(),
		ExternalOrderID: d.order.ExternalOrderID,
		PatientMRN:      d.patient.MRN,
		Result:          detail(d.result),
	})
	if err != nil {
		return err
	}
	return s.results.UpsertPublication(ctx, d.result.ID, d.result.Version, d.order.PartnerID, "delivered")
}

// ResultsReadyPayload is the payload of notify.results_ready_sms jobs.
type ResultsReadyPayload struct {
	NotificationID uuid.UUID `json:"notification_id"`
}

// ScheduleResultsReady queues the patient's "results are ready" text
// once every test of the order is resulted.
func (s *Service) ScheduleResultsReady(ctx context.Context, evt events.ResultFinalized) error {
	done, err := s.orders.AllResulted(ctx, evt.OrderID)
	if err != nil || !done {
		return err
	}
	o, err := s.orders.Get(ctx, evt.OrderID)
	if err != nil {
		return err
	}
	p, err := s.patients.Get(ctx, o.PatientID)
	if err != nil {
		return err
	}
	if !p.SMSOptIn || p.Phone == "" {
		return nil
	}
	n := store.Notification{ID: uuid.New(), OrderID: o.ID, Kind: "results_ready", Phone: p.Phone}
	return db.InTx(ctx, s.db, func(tx *sql.Tx) error {
		created, err := s.results.WithTx(tx).InsertNotification(ctx, n)
		if err != nil || !created {
			return err
		}
		_, err = s.queue.WithTx(tx).Enqueue(ctx, jobs.KindResultsReadySMS, ResultsReadyPayload{NotificationID: n.ID},
			jobs.WithDedupeKey("notify:"+n.ID.String()))
		return err
	})
}
