// Package certificate issues certificates and has them printed and posted.
package certificate

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/google/uuid"
	"gorm.io/gorm"

	"github.com/lexicaassess/examreg/internal/model"
	"github.com/lexicaassess/examreg/internal/platform/events"
	"github.com/lexicaassess/examreg/internal/platform/httpx"
	"github.com/lexicaassess/examreg/internal/provider/printpost"
	"github.com/lexicaassess/examreg/internal/repo"
)

// ErrNoPrintOrder is returned when reissuing a certificate never printed.
var ErrNoPrintOrder = errors.New("certificate: certificate has not been printed yet")

// Printer is the print-and-post partner.
type Printer interface {
	SubmitOrder(ctx context.Context, o printpost.Order, opts ...httpx.RequestOption) (*printpost.OrderAck, error)
	RequestReprint(ctx context.Context, r printpost.Reprint) (*printpost.OrderAck, error)
}

// Store is the part of the certificates repository used here.
type Store interface {
	Get(ctx context.Context, id string) (*model.Certificate, error)
	AddReprint(ctx context.Context, rp *model.CertificateReprint) error
	EnsurePrintOrder(ctx context.Context, certificateID string) (*model.PrintOrder, error)
	PrintOrderFor(ctx context.Context, certificateID string) (*model.PrintOrder, error)
	MarkOrderSubmitted(ctx context.Context, orderID, partnerRef string) error
	MarkOrderFailed(ctx context.Context, orderID, msg string) error
	InsertDispatchEvent(ctx context.Context, ref string, seq int, status, detail string, at time.Time) error
	AdvanceByPartnerRef(ctx context.Context, ref, to string, from ...string) error
}

// Lookup loads the records a certificate is built from.
type Lookup interface {
	Result(ctx context.Context, partnerResultID string) (*model.ExamResult, error)
	Registration(ctx context.Context, id string) (*model.Registration, error)
	Candidate(ctx context.Context, id string) (*model.Candidate, error)
}

// Options configures the certificate service.
type Options struct {
	Template string // print partner template name
	Service  string // postal service level
}

// Service issues certificates.
type Service struct {
	db        *gorm.DB
	store     Store
	lookup    Lookup
	printer   Printer
	publisher events.Publisher
	opts      Options
}

// New builds a Service.
func New(db *gorm.DB, store Store, lookup Lookup, printer Printer, pub events.Publisher, opts Options) *Service {
	if opts.Template == "" {
		opts.Template = "cert-a4-v3"
	}
	if opts.Service == "" {
		opts.Service = "tracked"
	}
	return &Service{db: db, store: store, lookup: lookup, printer: printer, publisher: pub, opts: opts}
}

// Number is the certificate number printed on the document; it is derived
// from the partner's result ID so support can trace one to the other.
func Number(res *model.ExamResult) string {
	id := strings.ToUpper(strings.ReplaceAll(res.PartnerResultID, "-", ""))
	if len(id) > 12 {
		id = id[len(id)-12:]
	}
	return fmt.Sprintf("LX-%s-%s", res.CEFRLevel, id)
}

// IssueForResult creates the certificate for a passing result and announces it.
func (s *Service) IssueForResult(ctx context.Context, partnerResultID string) (*model.Certificate, error) {
	res, err := s.lookup.Result(ctx, partnerResultID)
	if err != nil {
		return nil, err
	}
	if !res.Passed() {
		return nil, nil
	}
	reg, err := s.lookup.Registration(ctx, res.RegistrationID)
	if err != nil {
		return nil, err
	}
	cert := &model.Certificate{
		ID:              uuid.NewString(),
		Number:          Number(res),
		PartnerResultID: res.PartnerResultID,
		RegistrationID:  reg.ID,
		CandidateID:     reg.CandidateID,
		CEFRLevel:       res.CEFRLevel,
		Status:          model.CertIssued,
	}
	err = s.db.WithContext(ctx).Transaction(func(tx *gorm.DB) error {
		if err := tx.Create(cert).Error; err != nil {
			return fmt.Errorf("insert certificate: %w", err)
		}
		return tx.Model(&model.Registration{}).Where("id = ?", reg.ID).
			Update("updated_at", gorm.Expr("now()")).Error
	})
	if err != nil {
		return nil, err
	}
	if err := s.publisher.Publish(ctx, events.TopicCertificateIssued, events.CertificateIssued{
		CertificateID:  cert.ID,
		Number:         cert.Number,
		RegistrationID: cert.RegistrationID,
		CandidateID:    cert.CandidateID,
		CEFRLevel:      cert.CEFRLevel,
	}); err != nil {
		return nil, err
	}
	return cert, nil
}

// OrderPrint sends a newly issued certificate to the print partner. The
// order row is created first and its ID is the partner's idempotency key.
func (s *Service) OrderPrint(ctx context.Context, evt events.CertificateIssued) error {
	po, err := s.store.EnsurePrintOrder(ctx, evt.CertificateID)
	if err != nil {
		return fmt.Errorf("ensure print order: %w", err)
	}
	if po.Status == "submitted" {
		return nil
	}
	cand, err := s.lookup.Candidate(ctx, evt.CandidateID)
	if err != nil {
		return err
	}
	order := BuildOrder(s.opts, po.ID, evt.Number, evt.CEFRLevel, cand)
	ack, err := s.printer.SubmitOrder(ctx, order, httpx.IdempotencyKey(po.ID))
	if err != nil {
		if merr := s.store.MarkOrderFailed(ctx, po.ID, err.Error()); merr != nil {
			return errors.Join(err, merr)
		}
		return err
	}
	return s.store.MarkOrderSubmitted(ctx, po.ID, ack.Reference)
}

// BuildOrder maps a certificate onto the partner's order format.
func BuildOrder(opts Options, orderID, number, level string, cand *model.Candidate) printpost.Order {
	return printpost.Order{
		ClientReference: orderID,
		Template:        opts.Template,
		Service:         opts.Service,
		Recipient:       AddressOf(cand),
		Fields: map[string]string{
			"candidate_name":     cand.FullName(),
			"certificate_number": number,
			"cefr_level":         level,
		},
	}
}

// AddressOf formats a candidate's postal address for the partner.
func AddressOf(c *model.Candidate) printpost.Address {
	return printpost.Address{
		Name:       c.FullName(),
		Line1:      c.PostalLine1,
		Line2:      c.PostalLine2,
		City:       c.PostalCity,
		PostalCode: c.PostalCode,
		Country:    c.CountryCode,
	}
}

// ReissueInput is a support agent's reprint request.
type ReissueInput struct {
	CertificateID string
	Reason        string
	RequestedBy   string
}

// Reissue asks the partner to print and post a certificate again (lost in
// the post, damaged, change of address).
func (s *Service) Reissue(ctx context.Context, in ReissueInput) (string, error) {
	cert, err := s.store.Get(ctx, in.CertificateID)
	if err != nil {
		return "", err
	}
	po, err := s.store.PrintOrderFor(ctx, cert.ID)
	if err != nil {
		if errors.Is(err, repo.ErrNotFound) {
			return "", ErrNoPrintOrder
		}
		return "", err
	}
	if po.PartnerRef == nil {
		return "", ErrNoPrintOrder
	}
	cand, err := s.lookup.Candidate(ctx, cert.CandidateID)
	if err != nil {
		return "", err
	}
	ack, err := s.printer.RequestReprint(ctx, printpost.Reprint{
		OriginalReference: *po.PartnerRef,
		Reason:            in.Reason,
		Recipient:         AddressOf(cand),
	})
	if err != nil {
		return "", fmt.Errorf("request reprint: %w", err)
	}
	if err := s.store.AddReprint(ctx, &model.CertificateReprint{
		ID:            uuid.NewString(),
		CertificateID: cert.ID,
		PartnerRef:    ack.Reference,
		Reason:        in.Reason,
		RequestedBy:   in.RequestedBy,
	}); err != nil {
		return "", err
	}
	return ack.Reference, nil
}

// dispatchTransitions maps a partner tracking status onto the certificate
// status it moves to and the statuses it may move from.
var dispatchTransitions = map[string]struct {
	to   string
	from []string
}{
	"printed":           {model.CertPrinted, []string{model.CertIssued, model.CertOrdered}},
	"handed_to_carrier": {model.CertPosted, []string{model.CertIssued, model.CertOrdered, model.CertPrinted}},
	"delivered":         {model.CertPosted, []string{model.CertIssued, model.CertOrdered, model.CertPrinted}},
	"returned":          {model.CertReturned, []string{model.CertOrdered, model.CertPrinted, model.CertPosted}},
}

// ApplyDispatch records a tracking event from the print partner and moves
// the certificate forward.
func (s *Service) ApplyDispatch(ctx context.Context, ev printpost.DispatchEvent) error {
	if err := s.store.InsertDispatchEvent(ctx, ev.Reference, ev.Sequence, ev.Status, ev.Detail, ev.OccurredAt); err != nil {
		return fmt.Errorf("store dispatch event: %w", err)
	}
	t, ok := dispatchTransitions[ev.Status]
	if !ok {
		return nil
	}
	return s.store.AdvanceByPartnerRef(ctx, ev.Reference, t.to, t.from...)
}
