// Package catalogue emails the seasonal seed catalogue to active members.
package catalogue

import (
	"context"
	"fmt"
	"log/slog"

	"github.com/furrowline/seedbank/internal/notify"
	"github.com/furrowline/seedbank/internal/platform/idgen"
	"github.com/furrowline/seedbank/internal/store"
)

// Sends tracks who has been sent the season's catalogue.
type Sends interface {
	Pending(ctx context.Context, season string, limit int) ([]store.Recipient, error)
	MarkSent(ctx context.Context, season, memberID, providerMessageID string) error
}

// Service sends the catalogue.
type Service struct {
	sends     Sends
	mailer    notify.Mailer
	log       *slog.Logger
	batchSize int
	pdfURL    func(season string) string
}

func NewService(sends Sends, mailer notify.Mailer, log *slog.Logger) *Service {
	return &Service{
		sends:     sends,
		mailer:    mailer,
		log:       log,
		batchSize: 250,
		pdfURL: func(season string) string {
			return "https://seedbank.furrowline.example/catalogue/" + season + ".pdf"
		},
	}
}

// SendSeason mails the season's catalogue to every active member who has
// not had it yet. The job is rerun after a failure; the dedup key makes
// the provider drop a repeat for a member whose send was not recorded.
func (s *Service) SendSeason(ctx context.Context, season string) (int, error) {
	sent := 0
	for {
		batch, err := s.sends.Pending(ctx, season, s.batchSize)
		if err != nil {
			return sent, err
		}
		if len(batch) == 0 {
			return sent, nil
		}
		for _, r := range batch {
			msgID, err := s.mailer.Send(ctx, r.Email, notify.TemplateCatalogue,
				map[string]any{"name": r.Name, "season": season, "catalogue_url": s.pdfURL(season)},
				notify.WithDedupKey(idgen.Derived("catalogue:"+season, r.MemberID)),
				notify.WithTags("catalogue", season))
			if err != nil {
				return sent, fmt.Errorf("catalogue to %s: %w", r.MemberID, err)
			}
			if err := s.sends.MarkSent(ctx, season, r.MemberID, msgID); err != nil {
				return sent, err
			}
			sent++
		}
		s.log.InfoContext(ctx, "catalogue batch sent", slog.String("season", season), slog.Int("total", sent))
	}
}
