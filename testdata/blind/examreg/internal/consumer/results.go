// Package consumer holds the Kafka consumers.
package consumer

import (
	"context"
	"encoding/json"
	"errors"
	"log/slog"

	"github.com/segmentio/kafka-go"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/repo"
	"github.com/lexicaassess/examreg/internal/service/notification"
	"github.com/lexicaassess/examreg/internal/service/results"
)

// CertificateIssuer issues certificates for passing results.
type CertificateIssuer interface {
	IssueForResult(ctx context.Context, partnerResultID string) (*model.Certificate, error)
}

// ResultNotifier emails candidates about their result.
type ResultNotifier interface {
	SendResultReady(ctx context.Context, n notification.ResultNotice) error
}

// ResultLookup loads the records behind a released result.
type ResultLookup interface {
	Result(ctx context.Context, id string) (*model.ExamResult, error)
	Registration(ctx context.Context, id string) (*model.Registration, error)
}

// Results consumes exam.results.released (group "certificates"): it tells
// the candidate and issues the certificate.
type Results struct {
	certs    CertificateIssuer
	notifier ResultNotifier
	lookup   ResultLookup
	log      *slog.Logger
}

// NewResults builds the consumer handler.
func NewResults(certs CertificateIssuer, n ResultNotifier, lookup ResultLookup, log *slog.Logger) *Results {
	return &Results{certs: certs, notifier: n, lookup: lookup, log: log}
}

// Handle processes one message.
func (h *Results) Handle(ctx context.Context, msg kafka.Message) error {
	var rel results.Released
	if err := json.Unmarshal(msg.Value, &rel); err != nil {
		h.log.ErrorContext(ctx, "skipping malformed result event", "offset", msg.Offset, "err", err)
		return nil
	}
	res, err := h.lookup.Result(ctx, rel.PartnerResultID)
	if err != nil {
		if errors.Is(err, repo.ErrNotFound) {
			h.log.ErrorContext(ctx, "result event for unknown result", "result", rel.PartnerResultID)
			return nil
		}
		return err
	}
	if res.Revision > rel.Revision {
		// A newer revision is already stored; its own event will follow.
		return nil
	}
	reg, err := h.lookup.Registration(ctx, res.RegistrationID)
	if err != nil {
		return err
	}
	if err := h.notifier.SendResultReady(ctx, notification.ResultNotice{
		PartnerResultID: res.PartnerResultID,
		Revision:        res.Revision,
		Email:           reg.Candidate.Email,
		GivenName:       reg.Candidate.GivenName,
		CEFRLevel:       res.CEFRLevel,
		Overall:         res.OverallBand,
	}); err != nil {
		return err
	}
	cert, err := h.certs.IssueForResult(ctx, res.PartnerResultID)
	if err != nil {
		return err
	}
	if cert != nil {
		h.log.InfoContext(ctx, "certificate issued", "number", cert.Number, "registration_id", cert.RegistrationID)
	}
	return nil
}
