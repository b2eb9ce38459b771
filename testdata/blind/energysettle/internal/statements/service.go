// Package statements produces settlement statements for wholesale
// counterparties and handles their acknowledgements and disputes.
package statements

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/shopspring/decimal"

	"github.com/gridwise-energy/energysettle/internal/messaging"
	"github.com/gridwise-energy/energysettle/internal/model"
	"github.com/gridwise-energy/energysettle/internal/platform/clock"
	"github.com/gridwise-energy/energysettle/internal/platform/txn"
)

// ErrInvalid marks requests that will never succeed.
var ErrInvalid = errors.New("invalid request")

// Repository is what the statement flows need from storage.
type Repository interface {
	GetCounterparty(ctx context.Context, id string) (*model.Counterparty, error)
	CounterpartyByCode(ctx context.Context, code string) (*model.Counterparty, error)
	TradesForCounterparty(ctx context.Context, counterpartyID string, from, to time.Time) ([]model.Trade, error)
	InsertStatement(ctx context.Context, st *model.Statement) (bool, error)
	GetStatement(ctx context.Context, id string) (*model.Statement, error)
	LatestVersion(ctx context.Context, counterpartyID string, periodStart time.Time) (int, error)
	Acknowledge(ctx context.Context, id, ackRef string, at time.Time) (int64, error)
	TouchRepublished(ctx context.Context, id string, at time.Time) error
	SetStatus(ctx context.Context, id, status string) error
	InsertDispute(ctx context.Context, d *model.StatementDispute) error
}

// Publisher publishes to SNS.
type Publisher interface {
	Publish(ctx context.Context, env messaging.Envelope) (string, error)
}

// Topics are the SNS topics statements go out on. Counterparties
// subscribe their own SQS queues.
type Topics struct {
	Statements     string // standard topic
	StatementsFIFO string // FIFO topic, ordered per counterparty
}

// GenerateRequest asks for a counterparty's statement for a period.
type GenerateRequest struct {
	CounterpartyCode string
	PeriodStart      time.Time
	PeriodEnd        time.Time // inclusive
	Reason           string
}

// Ack is a counterparty's acknowledgement of a statement.
type Ack struct {
	StatementID string
	AckRef      string
	AckedAt     time.Time
}

// Dispute is a counterparty's dispute of a statement.
type Dispute struct {
	StatementID string
	DisputeRef  string
	Reason      string
	AmountPence int64
	RaisedAt    time.Time
}

// Service produces and tracks statements.
type Service struct {
	repo   Repository
	uow    txn.Runner[Repository]
	pub    Publisher
	topics Topics
	newID  func() string
	now    func() time.Time
	log    *slog.Logger
}

// NewService wires a Service.
func NewService(repo Repository, uow txn.Runner[Repository], pub Publisher, topics Topics, newID func() string, now func() time.Time, log *slog.Logger) *Service {
	return &Service{repo: repo, uow: uow, pub: pub, topics: topics, newID: newID, now: now, log: log}
}

// Document is the statement body counterparties receive.
type Document struct {
	StatementID      string         `json:"statement_id"`
	Version          int            `json:"version"`
	CounterpartyCode string         `json:"counterparty_code"`
	PeriodStart      string         `json:"period_start"`
	PeriodEnd        string         `json:"period_end"`
	Lines            []DocumentLine `json:"lines"`
	NetAmountPence   int64          `json:"net_amount_pence"`
	IssuedAt         time.Time      `json:"issued_at"`
}

// DocumentLine is one trade on a statement.
type DocumentLine struct {
	TradeRef     string `json:"trade_ref"`
	DeliveryDate string `json:"delivery_date"`
	Period       int    `json:"period"`
	Direction    string `json:"direction"`
	VolumeMWh    string `json:"volume_mwh"`
	PriceGBP     string `json:"price_gbp_per_mwh"`
	AmountPence  int64  `json:"amount_pence"`
}

// Generate builds the next version of a counterparty's statement for the
// period, sends it to the counterparty and records it.
func (s *Service) Generate(ctx context.Context, req GenerateRequest) (*model.Statement, error) {
	if req.PeriodEnd.Before(req.PeriodStart) {
		return nil, fmt.Errorf("%w: period ends before it starts", ErrInvalid)
	}
	cp, err := s.repo.CounterpartyByCode(ctx, req.CounterpartyCode)
	if errors.Is(err, model.ErrNotFound) {
		return nil, fmt.Errorf("%w: unknown counterparty %s", ErrInvalid, req.CounterpartyCode)
	}
	if err != nil {
		return nil, err
	}
	trades, err := s.repo.TradesForCounterparty(ctx, cp.ID, req.PeriodStart, req.PeriodEnd)
	if err != nil {
		return nil, err
	}
	latest, err := s.repo.LatestVersion(ctx, cp.ID, req.PeriodStart)
	if err != nil {
		return nil, err
	}
	now := s.now()
	st := &model.Statement{
		ID:             s.newID(),
		CounterpartyID: cp.ID,
		PeriodStart:    req.PeriodStart,
		PeriodEnd:      req.PeriodEnd,
		Version:        latest + 1,
		TradeCount:     len(trades),
		Status:         model.StatementPublished,
		PublishedAt:    now,
	}
	doc := buildDocument(cp, st, trades, now)
	st.NetAmountPence = doc.NetAmountPence

	msgID, err := s.pub.Publish(ctx, messaging.Envelope{
		TopicARN:  s.topics.Statements,
		Subject:   fmt.Sprintf("Settlement statement %s v%d", doc.PeriodStart, st.Version),
		EventType: "settlement_statement.issued",
		Body:      doc,
		Attributes: map[string]string{
			"counterparty": cp.PartyCode,
			"reason":       req.Reason,
		},
	})
	if err != nil {
		return nil, err
	}
	st.SNSMessageID = msgID
	if _, err := s.repo.InsertStatement(ctx, st); err != nil {
		return nil, fmt.Errorf("record statement %s: %w", st.ID, err)
	}
	s.log.Info("statement issued", "statement_id", st.ID, "counterparty", cp.PartyCode, "version", st.Version, "trades", st.TradeCount)
	return st, nil
}

// Republish sends an existing statement again on the FIFO topic, for a
// counterparty that lost it. The deduplication ID is the statement and
// version, so repeated clicks within SNS's window go out once.
func (s *Service) Republish(ctx context.Context, statementID string) (string, error) {
	st, err := s.repo.GetStatement(ctx, statementID)
	if err != nil {
		return "", err
	}
	cp, err := s.repo.GetCounterparty(ctx, st.CounterpartyID)
	if err != nil {
		return "", err
	}
	trades, err := s.repo.TradesForCounterparty(ctx, cp.ID, st.PeriodStart, st.PeriodEnd)
	if err != nil {
		return "", err
	}
	doc := buildDocument(cp, st, trades, st.PublishedAt)
	msgID, err := s.pub.Publish(ctx, messaging.Envelope{
		TopicARN:   s.topics.StatementsFIFO,
		EventType:  "settlement_statement.republished",
		Body:       doc,
		GroupID:    cp.PartyCode,
		DedupID:    fmt.Sprintf("%s-v%d", st.ID, st.Version),
		Attributes: map[string]string{"counterparty": cp.PartyCode},
	})
	if err != nil {
		return "", err
	}
	if err := s.repo.TouchRepublished(ctx, st.ID, s.now()); err != nil {
		return msgID, err
	}
	return msgID, nil
}

// Acknowledge records a counterparty acknowledgement.
func (s *Service) Acknowledge(ctx context.Context, a Ack) error {
	changed, err := s.repo.Acknowledge(ctx, a.StatementID, a.AckRef, a.AckedAt)
	if err != nil {
		return err
	}
	if changed == 1 {
		return nil
	}
	st, err := s.repo.GetStatement(ctx, a.StatementID)
	if errors.Is(err, model.ErrNotFound) {
		return fmt.Errorf("%w: ack for unknown statement %s", ErrInvalid, a.StatementID)
	}
	if err != nil {
		return err
	}
	switch st.Status {
	case model.StatementAcknowledged:
		if st.AckRef != nil && *st.AckRef != a.AckRef {
			s.log.Warn("statement acknowledged twice with different refs", "statement_id", st.ID, "first", *st.AckRef, "second", a.AckRef)
		}
		return nil
	case model.StatementDisputed:
		s.log.Warn("ack for disputed statement ignored", "statement_id", st.ID, "ack_ref", a.AckRef)
		return nil
	default:
		return fmt.Errorf("statement %s in status %s cannot be acknowledged", st.ID, st.Status)
	}
}

// RecordDispute stores a counterparty dispute and marks the statement.
func (s *Service) RecordDispute(ctx context.Context, d Dispute) error {
	if d.DisputeRef == "" {
		return fmt.Errorf("%w: dispute without reference", ErrInvalid)
	}
	return s.uow.Do(ctx, func(r Repository) error {
		st, err := r.GetStatement(ctx, d.StatementID)
		if errors.Is(err, model.ErrNotFound) {
			return fmt.Errorf("%w: dispute for unknown statement %s", ErrInvalid, d.StatementID)
		}
		if err != nil {
			return err
		}
		dispute := &model.StatementDispute{
			ID:          s.newID(),
			StatementID: st.ID,
			DisputeRef:  d.DisputeRef,
			Reason:      d.Reason,
			AmountPence: d.AmountPence,
			RaisedAt:    d.RaisedAt,
			Status:      "open",
		}
		if err := r.InsertDispute(ctx, dispute); err != nil {
			return fmt.Errorf("record dispute %s: %w", d.DisputeRef, err)
		}
		return r.SetStatus(ctx, st.ID, model.StatementDisputed)
	})
}

func buildDocument(cp *model.Counterparty, st *model.Statement, trades []model.Trade, issuedAt time.Time) Document {
	doc := Document{
		StatementID:      st.ID,
		Version:          st.Version,
		CounterpartyCode: cp.PartyCode,
		PeriodStart:      clock.FormatDate(st.PeriodStart),
		PeriodEnd:        clock.FormatDate(st.PeriodEnd),
		IssuedAt:         issuedAt,
	}
	hundred := decimal.NewFromInt(100)
	for _, t := range trades {
		// From our side: we pay for energy bought, receive for energy sold.
		amount := t.VolumeMWh.Mul(t.PriceGBPPerMWh).Mul(hundred).Round(0).IntPart()
		if t.Direction == "SELL" {
			amount = -amount
		}
		doc.Lines = append(doc.Lines, DocumentLine{
			TradeRef:     t.TradeRef,
			DeliveryDate: clock.FormatDate(t.DeliveryDate),
			Period:       t.SettlementPeriod,
			Direction:    t.Direction,
			VolumeMWh:    t.VolumeMWh.StringFixed(3),
			PriceGBP:     t.PriceGBPPerMWh.StringFixed(2),
			AmountPence:  amount,
		})
		doc.NetAmountPence += amount
	}
	return doc
}
