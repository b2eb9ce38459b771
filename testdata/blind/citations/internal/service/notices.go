package service

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"log/slog"
	"strings"

	"github.com/harborcity/citeproc/internal/model"
	"github.com/harborcity/citeproc/internal/platform/idem"
	"github.com/harborcity/citeproc/internal/provider/dmv"
	"github.com/harborcity/citeproc/internal/provider/mailhouse"
	"github.com/harborcity/citeproc/internal/store"
)

// Letter templates at the mail house, by notice kind.
var noticeTemplates = map[string]string{
	model.NoticeInitial:     "tmpl_citation_initial_v4",
	model.NoticeLate:        "tmpl_citation_late_v2",
	model.NoticeHold:        "tmpl_registration_hold_v2",
	model.NoticeCollections: "tmpl_collections_warning_v1",
	model.NoticeReissue:     "tmpl_citation_reissue_v1",
}

// EventMarkers records processed inbound events on its own handle.
type EventMarkers interface {
	Seen(ctx context.Context, source, eventID string) (bool, error)
	Record(ctx context.Context, source, eventID string) error
	Claim(ctx context.Context, source, eventID string) (bool, error)
}

var _ EventMarkers = (*idem.Store)(nil)

// NoticeService handles owner lookups and mailed notices.
type NoticeService struct {
	stores   Stores
	registry Registry
	mailer   Mailer
	markers  EventMarkers
	portal   string
	log      *slog.Logger
}

func NewNoticeService(stores Stores, registry Registry, mailer Mailer, markers EventMarkers, log *slog.Logger) *NoticeService {
	return &NoticeService{
		stores:   stores,
		registry: registry,
		mailer:   mailer,
		markers:  markers,
		portal:   "https://pay.harborcity.gov",
		log:      log,
	}
}

// ErrNoOwner means the DMV has no registration for the plate; the citation
// goes to manual review.
var ErrNoOwner = errors.New("no registered owner on file")

// LookupOwner fetches the registered owner from the DMV and stores it.
func (s *NoticeService) LookupOwner(ctx context.Context, citationID string) (*model.RegisteredOwner, error) {
	repos := s.stores.Repos(ctx)
	c, err := repos.Citations.Get(ctx, citationID)
	if err != nil {
		return nil, mapNotFound(err, "citation "+citationID)
	}
	rec, err := s.registry.LookupOwner(ctx, c.Plate, c.PlateState)
	if errors.Is(err, dmv.ErrNoRecord) {
		return nil, ErrNoOwner
	}
	if err != nil {
		return nil, err
	}
	owner := &model.RegisteredOwner{
		CitationID:  c.ID,
		DMVRecordID: rec.RecordID,
		FullName:    rec.Name,
		Line1:       rec.Line1,
		Line2:       rec.Line2,
		City:        rec.City,
		Region:      rec.Region,
		PostalCode:  rec.PostalCode,
	}
	if err := repos.Notices.UpsertOwner(ctx, owner); err != nil {
		return nil, err
	}
	return owner, nil
}

// mailingAddress is the owner's address, superseded by the newest
// correction the owner submitted.
func (s *NoticeService) mailingAddress(ctx context.Context, repos store.Repos, citationID string) (mailhouse.Address, error) {
	owner, err := repos.Notices.Owner(ctx, citationID)
	if err != nil {
		return mailhouse.Address{}, mapNotFound(err, "owner for "+citationID)
	}
	addr := mailhouse.Address{
		Name: owner.FullName, Line1: owner.Line1, Line2: owner.Line2,
		City: owner.City, Region: owner.Region, PostalCode: owner.PostalCode,
	}
	ac, err := repos.Notices.LatestAddressCorrection(ctx, citationID)
	if errors.Is(err, store.ErrNotFound) {
		return addr, nil
	}
	if err != nil {
		return addr, err
	}
	addr.Line1, addr.Line2, addr.City, addr.Region, addr.PostalCode = ac.Line1, ac.Line2, ac.City, ac.Region, ac.PostalCode
	return addr, nil
}

// MailNotice prints and mails the notice of the given kind. Each kind is
// mailed once per citation.
func (s *NoticeService) MailNotice(ctx context.Context, citationID, kind string) (*model.Notice, error) {
	tmpl, ok := noticeTemplates[kind]
	if !ok {
		return nil, invalid("unknown notice kind %q", kind)
	}
	repos := s.stores.Repos(ctx)
	c, err := repos.Citations.Get(ctx, citationID)
	if err != nil {
		return nil, mapNotFound(err, "citation "+citationID)
	}
	notice, err := repos.Notices.Ensure(ctx, citationID, kind)
	if err != nil {
		return nil, err
	}
	if notice.Status == "mailed" {
		return notice, nil
	}
	to, err := s.mailingAddress(ctx, repos, citationID)
	if err != nil {
		return nil, err
	}

	letter := mailhouse.Letter{
		TemplateID: tmpl,
		To:         to,
		MailClass:  mailClass(kind),
		MergeVars: map[string]string{
			"citation_number": c.CitationNumber,
			"plate":           c.PlateState + " " + c.Plate,
			"violation_code":  c.ViolationCode,
			"issued_on":       c.IssuedAt.Format("January 2, 2006"),
			"due_on":          c.DueDate.Format("January 2, 2006"),
			"amount_due":      dollars(c.BalanceCents),
			"portal_url":      s.portal + "/c/" + c.CitationNumber,
		},
	}
	receipt, err := s.mailer.SendLetter(ctx, letter)
	if err != nil {
		return nil, fmt.Errorf("mail %s notice for %s: %w", kind, c.CitationNumber, err)
	}
	if err := repos.Notices.MarkMailed(ctx, notice.ID, receipt.ID, to.Name); err != nil {
		return nil, err
	}
	notice.Status = "mailed"
	notice.MailLetterID = &receipt.ID
	return notice, nil
}

func mailClass(kind string) string {
	if kind == model.NoticeHold || kind == model.NoticeCollections {
		return "certified"
	}
	return "first_class"
}

func dollars(cents int64) string {
	sign := ""
	if cents < 0 {
		sign, cents = "-", -cents
	}
	return fmt.Sprintf("%s$%d.%02d", sign, cents/100, cents%100)
}

// AddressInput is a mailing address submitted by the owner.
type AddressInput struct {
	Line1      string `json:"line1" binding:"required"`
	Line2      string `json:"line2"`
	City       string `json:"city" binding:"required"`
	Region     string `json:"region" binding:"required,len=2"`
	PostalCode string `json:"postal_code" binding:"required"`
}

func (a AddressInput) hash() string {
	norm := strings.ToUpper(strings.Join([]string{
		strings.TrimSpace(a.Line1), strings.TrimSpace(a.Line2), strings.TrimSpace(a.City),
		strings.TrimSpace(a.Region), strings.TrimSpace(a.PostalCode),
	}, "|"))
	sum := sha256.Sum256([]byte(norm))
	return hex.EncodeToString(sum[:16])
}

// CorrectAddress stores an owner-submitted address for future notices.
// Submitting the same address again is a no-op.
func (s *NoticeService) CorrectAddress(ctx context.Context, citationNumber string, in AddressInput, submittedBy string) (bool, error) {
	var created bool
	err := s.stores.InTx(ctx, func(r store.Repos) error {
		c, err := r.Citations.GetByNumber(ctx, citationNumber)
		if err != nil {
			return mapNotFound(err, "citation "+citationNumber)
		}
		created, err = r.Notices.InsertAddressCorrection(ctx, &model.AddressCorrection{
			CitationID:  c.ID,
			AddressHash: in.hash(),
			Line1:       in.Line1,
			Line2:       in.Line2,
			City:        in.City,
			Region:      strings.ToUpper(in.Region),
			PostalCode:  in.PostalCode,
			SubmittedBy: submittedBy,
		})
		if err != nil || !created {
			return err
		}
		return r.Citations.AppendEvent(ctx, c.ID, "address_corrected", in.City+", "+in.Region, submittedBy)
	})
	return created, err
}

// HandleMailEvent applies a mail-house tracking event. Returned letters are
// marked and queued for an address trace.
func (s *NoticeService) HandleMailEvent(ctx context.Context, ev *mailhouse.WebhookEvent) error {
	first, err := s.markers.Claim(ctx, "mailhouse", ev.ID)
	if err != nil {
		return err
	}
	if !first {
		return nil
	}
	if ev.Type != "letter.returned_to_sender" {
		return nil
	}
	return s.stores.InTx(ctx, func(r store.Repos) error {
		n, err := r.Notices.ByLetterID(ctx, ev.LetterID)
		if errors.Is(err, store.ErrNotFound) {
			s.log.Warn("returned letter not ours", "letter", ev.LetterID)
			return nil
		}
		if err != nil {
			return err
		}
		if err := r.Notices.MarkReturned(ctx, n.ID, ev.Reason, ev.OccurredAt); err != nil {
			return err
		}
		if err := r.Notices.InsertTraceRequest(ctx, n.CitationID, n.ID); err != nil {
			return err
		}
		return r.Citations.AppendEvent(ctx, n.CitationID, "notice_returned", n.Kind+": "+ev.Reason, "mailhouse")
	})
}
