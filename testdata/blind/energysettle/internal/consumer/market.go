package consumer

import (
	"context"
	"errors"
	"log/slog"

	"github.com/segmentio/kafka-go"

	"github.com/gridwise-energy/energysettle/internal/settlement"
)

// MeterReads is the meter data service.
type MeterReads interface {
	Ingest(ctx context.Context, b settlement.MeterReadBatch) (int64, error)
	ApplyCorrection(ctx context.Context, c settlement.Correction) error
}

// Trades is the trade service.
type Trades interface {
	Confirm(ctx context.Context, tc settlement.TradeConfirmation) error
	Cancel(ctx context.Context, c settlement.TradeCancellation) error
}

// Imbalance is the imbalance service.
type Imbalance interface {
	OnSettlementRun(ctx context.Context, n settlement.RunNotice) error
}

// Prices is the system price service.
type Prices interface {
	Store(ctx context.Context, p settlement.PricePublication) error
}

// Registrations is the registration service.
type Registrations interface {
	Apply(ctx context.Context, ch settlement.RegistrationChange) error
}

// Disputes is the dispute service.
type Disputes interface {
	ApplyOutcome(ctx context.Context, o settlement.DisputeOutcome) error
}

// CreditCover is the credit cover service.
type CreditCover interface {
	OnCall(ctx context.Context, c settlement.CreditCoverCall) error
}

// MarketHandlers adapts operator messages to the settlement services.
type MarketHandlers struct {
	reads         MeterReads
	trades        Trades
	imbalance     Imbalance
	prices        Prices
	registrations Registrations
	disputes      Disputes
	creditCover   CreditCover
	log           *slog.Logger
}

// NewMarketHandlers wires the handlers.
func NewMarketHandlers(reads MeterReads, trades Trades, imbalance Imbalance, prices Prices, registrations Registrations, disputes Disputes, creditCover CreditCover, log *slog.Logger) *MarketHandlers {
	return &MarketHandlers{
		reads: reads, trades: trades, imbalance: imbalance, prices: prices,
		registrations: registrations, disputes: disputes, creditCover: creditCover, log: log,
	}
}

// Routes is the consumer registration table.
func (h *MarketHandlers) Routes() []Route {
	return []Route{
		{Topic: TopicMeterReads, Handler: h.meterReads},
		{Topic: TopicMeterReadCorrections, Handler: h.meterReadCorrection},
		{Topic: TopicTradeConfirmations, Handler: h.tradeConfirmation},
		{Topic: TopicTradeCancellations, Handler: h.tradeCancellation},
		{Topic: TopicSettlementRuns, Handler: h.settlementRun},
		{Topic: TopicSystemPrices, Handler: h.systemPrices},
		{Topic: TopicRegistrationChanges, Handler: h.registrationChange},
		{Topic: TopicDisputeOutcomes, Handler: h.disputeOutcome},
		{Topic: TopicCreditCoverCalls, Handler: h.creditCoverCall},
	}
}

// classify turns service validation errors into poison so they are parked
// instead of retried.
func classify(err error) error {
	if err != nil && errors.Is(err, settlement.ErrInvalid) {
		return Poison(err)
	}
	return err
}

func (h *MarketHandlers) meterReads(ctx context.Context, msg kafka.Message) error {
	m, err := decode[meterReadMsg](msg)
	if err != nil {
		return err
	}
	b := settlement.MeterReadBatch{
		MessageID:      MessageID(msg),
		MPAN:           m.MPAN,
		SettlementDate: m.SettlementDate.Time,
		ReadType:       m.ReadType,
	}
	for _, p := range m.Periods {
		b.Periods = append(b.Periods, settlement.PeriodRead{Period: p.Period, KWh: p.KWh})
	}
	_, err = h.reads.Ingest(ctx, b)
	return classify(err)
}

func (h *MarketHandlers) meterReadCorrection(ctx context.Context, msg kafka.Message) error {
	m, err := decode[correctionMsg](msg)
	if err != nil {
		return err
	}
	return classify(h.reads.ApplyCorrection(ctx, settlement.Correction{
		CorrectionRef:    m.CorrectionRef,
		MPAN:             m.MPAN,
		SettlementDate:   m.SettlementDate.Time,
		SettlementPeriod: m.SettlementPeriod,
		ReadType:         m.ReadType,
		NewKWh:           m.KWh,
		Reason:           m.Reason,
	}))
}

func (h *MarketHandlers) tradeConfirmation(ctx context.Context, msg kafka.Message) error {
	m, err := decode[tradeConfirmationMsg](msg)
	if err != nil {
		return err
	}
	return classify(h.trades.Confirm(ctx, settlement.TradeConfirmation{
		TradeRef:         m.TradeRef,
		CounterpartyCode: m.Counterparty,
		BMUnitID:         m.BMUnit,
		Direction:        m.Direction,
		VolumeMWh:        m.VolumeMWh,
		PriceGBPPerMWh:   m.Price,
		DeliveryDate:     m.DeliveryDate.Time,
		SettlementPeriod: m.SettlementPeriod,
		ConfirmedAt:      m.ConfirmedAt,
	}))
}

func (h *MarketHandlers) tradeCancellation(ctx context.Context, msg kafka.Message) error {
	m, err := decode[tradeCancellationMsg](msg)
	if err != nil {
		return err
	}
	return classify(h.trades.Cancel(ctx, settlement.TradeCancellation{
		TradeRef:    m.TradeRef,
		Reason:      m.Reason,
		CancelledAt: m.CancelledAt,
	}))
}

func (h *MarketHandlers) settlementRun(ctx context.Context, msg kafka.Message) error {
	m, err := decode[settlementRunMsg](msg)
	if err != nil {
		return err
	}
	return classify(h.imbalance.OnSettlementRun(ctx, settlement.RunNotice{
		RunID:          m.RunID,
		SettlementDate: m.SettlementDate.Time,
		RunType:        m.RunType,
		PublishedAt:    m.PublishedAt,
	}))
}

func (h *MarketHandlers) systemPrices(ctx context.Context, msg kafka.Message) error {
	m, err := decode[systemPriceMsg](msg)
	if err != nil {
		return err
	}
	p := settlement.PricePublication{
		SettlementDate: m.SettlementDate.Time,
		PriceRunType:   m.PriceRun,
		PublishedAt:    m.PublishedAt,
	}
	for _, pr := range m.Prices {
		p.Periods = append(p.Periods, settlement.PeriodPrice{Period: pr.Period, SBP: pr.SBP, SSP: pr.SSP})
	}
	return classify(h.prices.Store(ctx, p))
}

func (h *MarketHandlers) registrationChange(ctx context.Context, msg kafka.Message) error {
	m, err := decode[registrationChangeMsg](msg)
	if err != nil {
		return err
	}
	return classify(h.registrations.Apply(ctx, settlement.RegistrationChange{
		ChangeRef:     m.ChangeRef,
		Kind:          m.Kind,
		MPAN:          m.MPAN,
		AccountID:     m.AccountID,
		BMUnitID:      m.BMUnit,
		EffectiveFrom: m.EffectiveFrom.Time,
	}))
}

func (h *MarketHandlers) disputeOutcome(ctx context.Context, msg kafka.Message) error {
	m, err := decode[disputeOutcomeMsg](msg)
	if err != nil {
		return err
	}
	o := settlement.DisputeOutcome{
		OutcomeID:  m.OutcomeID,
		DisputeRef: m.DisputeRef,
		Decision:   m.Decision,
		DecidedAt:  m.DecidedAt,
	}
	for _, a := range m.Adjustments {
		o.Adjustments = append(o.Adjustments, settlement.DisputeAmount{BMUnitID: a.BMUnit, AmountPence: a.AmountPence, Narrative: a.Narrative})
	}
	return classify(h.disputes.ApplyOutcome(ctx, o))
}

func (h *MarketHandlers) creditCoverCall(ctx context.Context, msg kafka.Message) error {
	m, err := decode[creditCoverCallMsg](msg)
	if err != nil {
		return err
	}
	return classify(h.creditCover.OnCall(ctx, settlement.CreditCoverCall{
		CallRef:     m.CallRef,
		AmountPence: m.AmountPence,
		DueBy:       m.DueBy,
		IssuedAt:    m.IssuedAt,
	}))
}
