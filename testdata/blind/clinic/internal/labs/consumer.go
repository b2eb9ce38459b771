// Package labs ingests lab results from the lab network's Kafka feed and
// notifies patients.
package labs

import (
	"context"
	"database/sql"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/ThreeDotsLabs/watermill"
	"github.com/ThreeDotsLabs/watermill/message"
	"github.com/avast/retry-go/v4"
	"github.com/segmentio/kafka-go"
	"go.uber.org/fx"

	"github.com/acme/clinic/internal/config"
	"github.com/acme/clinic/internal/platform/events"
	"github.com/acme/clinic/internal/platform/ids"
)

type Result struct {
	ID              string
	AccessionNumber string
	PatientID       string
	LabCode         string
	TestCode        string
	Value           string
	Unit            string
	Abnormal        bool
	CollectedAt     *time.Time
	ReportedAt      time.Time
}

type Repository interface {
	Insert(ctx context.Context, r Result) error
}

type SQLRepository struct {
	db *sql.DB
}

func NewSQLRepository(db *sql.DB) *SQLRepository { return &SQLRepository{db: db} }

func (r *SQLRepository) Insert(ctx context.Context, res Result) error {
	_, err := r.db.ExecContext(ctx, `
		INSERT INTO lab_results (id, accession_number, patient_id, lab_code, test_code, value, unit,
		                         abnormal, collected_at, reported_at)
		VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
		res.ID, res.AccessionNumber, res.PatientID, res.LabCode, res.TestCode, res.Value, res.Unit,
		res.Abnormal, res.CollectedAt, res.ReportedAt)
	if err != nil {
		return fmt.Errorf("labs.Insert: %w", err)
	}
	return nil
}

// inboundResult is the lab network's wire format (topic lab.results.v1).
type inboundResult struct {
	Accession   string     `json:"accession"`
	PatientRef  string     `json:"patient_ref"`
	Lab         string     `json:"lab"`
	Test        string     `json:"loinc"`
	Value       string     `json:"value"`
	Unit        string     `json:"unit"`
	Flag        string     `json:"flag"`
	CollectedAt *time.Time `json:"collected_at"`
	ReportedAt  time.Time  `json:"reported_at"`
}

type Consumer struct {
	reader *kafka.Reader
	repo   Repository
	pub    events.Publisher
	log    *slog.Logger
	decode func([]byte) (inboundResult, error)
}

func NewConsumer(cfg config.Config, repo Repository, pub events.Publisher, log *slog.Logger) *Consumer {
	return &Consumer{
		reader: kafka.NewReader(kafka.ReaderConfig{
			Brokers:        cfg.KafkaBrokers,
			GroupID:        cfg.LabGroupID,
			Topic:          cfg.LabTopic,
			MinBytes:       1,
			MaxBytes:       10 << 20,
			CommitInterval: 0, // commit synchronously after handling
		}),
		repo: repo,
		pub:  pub,
		log:  log,
		decode: func(b []byte) (inboundResult, error) {
			var in inboundResult
			err := json.Unmarshal(b, &in)
			return in, err
		},
	}
}

// Run registers the consume loop with the fx lifecycle.
func (c *Consumer) Run(lc fx.Lifecycle) {
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	lc.Append(fx.Hook{
		OnStart: func(context.Context) error {
			go func() {
				defer close(done)
				c.loop(ctx)
			}()
			return nil
		},
		OnStop: func(stop context.Context) error {
			cancel()
			<-done
			return c.reader.Close()
		},
	})
}

func (c *Consumer) loop(ctx context.Context) {
	for {
		m, err := c.reader.FetchMessage(ctx)
		if err != nil {
			if errors.Is(err, context.Canceled) {
				return
			}
			c.log.Error("lab results fetch", "err", err)
			time.Sleep(time.Second)
			continue
		}
		in, err := c.decode(m.Value)
		if err != nil {
			c.log.Error("lab result undecodable, skipping", "offset", m.Offset, "err", err)
		} else if err := retry.Do(
			func() error { return c.handle(ctx, in) },
			retry.Context(ctx),
			retry.Attempts(5),
			retry.Delay(500*time.Millisecond),
		); err != nil {
			// Leave the offset uncommitted; the group rebalance redelivers it.
			c.log.Error("lab result handling failed", "accession", in.Accession, "err", err)
			return
		}
		if err := c.reader.CommitMessages(ctx, m); err != nil {
			c.log.Error("commit lab result offset", "err", err)
		}
	}
}

func (c *Consumer) handle(ctx context.Context, in inboundResult) error {
	res := Result{
		ID:              ids.NewUUID(),
		AccessionNumber: in.Accession,
		PatientID:       in.PatientRef,
		LabCode:         in.Lab,
		TestCode:        in.Test,
		Value:           in.Value,
		Unit:            in.Unit,
		Abnormal:        in.Flag == "H" || in.Flag == "L" || in.Flag == "A",
		CollectedAt:     in.CollectedAt,
		ReportedAt:      in.ReportedAt,
	}
	if err := c.repo.Insert(ctx, res); err != nil {
		return err
	}
	payload, err := json.Marshal(events.LabResultReceived{
		ResultID:        res.ID,
		PatientID:       res.PatientID,
		AccessionNumber: res.AccessionNumber,
		TestCode:        res.TestCode,
		Abnormal:        res.Abnormal,
	})
	if err != nil {
		return err
	}
	msg := message.NewMessage(watermill.NewUUID(), payload)
	return c.pub.Publish(events.TopicLabResultReceived, msg)
}
