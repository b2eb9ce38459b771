// Package natsconsumer consumes the HR system's employee lifecycle stream
// from NATS JetStream.
package natsconsumer

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/google/uuid"
	"github.com/nats-io/nats.go"
	"github.com/nats-io/nats.go/jetstream"
	"github.com/oklog/ulid/v2"

	"github.com/acme/payroll/internal/domain"
	"github.com/acme/payroll/internal/refcode"
)

const (
	hrStream          = "HR_EVENTS"
	terminatedSubject = "hr.employee.terminated"
	finalPaySubject   = "payroll.finalpay.created"
	durableName       = "payroll-final-pay"
)

type EmployeeTerminated struct {
	TerminationID   string    `json:"termination_id"`
	CompanyID       uuid.UUID `json:"company_id"`
	EmployeeID      uuid.UUID `json:"employee_id"`
	LastWorkingDay  string    `json:"last_working_day"`
	FinalGrossCents int64     `json:"final_gross_cents"`
	FinalTaxCents   int64     `json:"final_tax_cents"`
}

type FinalPayCreated struct {
	PayRunID      string    `json:"pay_run_id"`
	TerminationID string    `json:"termination_id"`
	EmployeeID    uuid.UUID `json:"employee_id"`
	NetCents      int64     `json:"net_cents"`
}

type unitOfWork interface {
	Do(ctx context.Context, fn func(ctx context.Context) error) error
}

type payRunWriter interface {
	InsertRun(ctx context.Context, run *domain.PayRun) error
	InsertPayslips(ctx context.Context, slips []domain.Payslip) error
	InsertFinalPayRequest(ctx context.Context, id, terminationID string, employeeID uuid.UUID, runID string) error
}

type companyReader interface {
	Get(ctx context.Context, id uuid.UUID) (*domain.Company, error)
}

type TerminationConsumer struct {
	js        jetstream.JetStream
	uow       unitOfWork
	payruns   payRunWriter
	companies companyReader
	log       *slog.Logger
	cc        jetstream.ConsumeContext
}

func Connect(url string) (*nats.Conn, jetstream.JetStream, error) {
	nc, err := nats.Connect(url, nats.Name("payroll-api"), nats.MaxReconnects(-1))
	if err != nil {
		return nil, nil, err
	}
	js, err := jetstream.New(nc)
	if err != nil {
		nc.Close()
		return nil, nil, err
	}
	return nc, js, nil
}

func NewTerminationConsumer(js jetstream.JetStream, u unitOfWork, p payRunWriter, c companyReader, log *slog.Logger) *TerminationConsumer {
	return &TerminationConsumer{js: js, uow: u, payruns: p, companies: c, log: log.With("consumer", durableName)}
}

func (c *TerminationConsumer) Start(ctx context.Context) error {
	cons, err := c.js.CreateOrUpdateConsumer(ctx, hrStream, jetstream.ConsumerConfig{
		Durable:       durableName,
		FilterSubject: terminatedSubject,
		AckPolicy:     jetstream.AckExplicitPolicy,
		AckWait:       30 * time.Second,
		MaxDeliver:    20,
		BackOff:       []time.Duration{time.Second, 5 * time.Second, 30 * time.Second},
	})
	if err != nil {
		return fmt.Errorf("create consumer: %w", err)
	}
	c.cc, err = cons.Consume(func(msg jetstream.Msg) {
		hctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
		defer cancel()
		if err := c.handle(hctx, msg); err != nil {
			c.log.Error("final pay failed, will redeliver", "subject", msg.Subject(), "err", err)
			_ = msg.NakWithDelay(5 * time.Second)
			return
		}
		_ = msg.Ack()
	})
	return err
}

func (c *TerminationConsumer) Stop() {
	if c.cc != nil {
		c.cc.Stop()
	}
}

var errBadMessage = errors.New("bad message")

func (c *TerminationConsumer) handle(ctx context.Context, msg jetstream.Msg) error {
	var evt EmployeeTerminated
	if err := json.Unmarshal(msg.Data(), &evt); err != nil || evt.TerminationID == "" {
		c.log.Warn("dropping malformed termination event", "err", err)
		return nil
	}
	lastDay, err := time.Parse(time.DateOnly, evt.LastWorkingDay)
	if err != nil {
		return fmt.Errorf("%w: last_working_day", errBadMessage)
	}
	company, err := c.companies.Get(ctx, evt.CompanyID)
	if err != nil {
		return err
	}

	runID := ulid.Make().String()
	net := evt.FinalGrossCents - evt.FinalTaxCents
	run := &domain.PayRun{
		ID:          runID,
		CompanyID:   evt.CompanyID,
		Reference:   refcode.New("FP"),
		Kind:        "final",
		PeriodStart: lastDay.AddDate(0, 0, -lastDay.Day()+1),
		PeriodEnd:   lastDay,
		PayDate:     lastDay,
		Status:      domain.PayRunSubmitted,
		TotalCents:  net,
		Currency:    company.Currency,
	}
	slip := domain.Payslip{
		ID: uuid.New(), PayRunID: runID, EmployeeID: evt.EmployeeID,
		GrossCents: evt.FinalGrossCents, TaxCents: evt.FinalTaxCents, NetCents: net,
	}
	err = c.uow.Do(ctx, func(ctx context.Context) error {
		if err := c.payruns.InsertRun(ctx, run); err != nil {
			return err
		}
		if err := c.payruns.InsertPayslips(ctx, []domain.Payslip{slip}); err != nil {
			return err
		}
		return c.payruns.InsertFinalPayRequest(ctx, ulid.Make().String(), evt.TerminationID, evt.EmployeeID, runID)
	})
	if err != nil {
		return err
	}

	body, _ := json.Marshal(FinalPayCreated{PayRunID: runID, TerminationID: evt.TerminationID, EmployeeID: evt.EmployeeID, NetCents: net})
	if _, err := c.js.Publish(ctx, finalPaySubject, body, jetstream.WithMsgID(runID)); err != nil {
		return fmt.Errorf("publish final pay: %w", err)
	}
	c.log.Info("final pay run created", "termination", evt.TerminationID, "run", runID)
	return nil
}
