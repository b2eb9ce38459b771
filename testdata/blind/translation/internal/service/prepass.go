package service

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"

	"github.com/polyglotdesk/marketplace/internal/domain"
	"github.com/polyglotdesk/marketplace/internal/platform"
	"github.com/polyglotdesk/marketplace/internal/providers/mt"
	"github.com/polyglotdesk/marketplace/internal/providers/objectstore"
	"github.com/polyglotdesk/marketplace/internal/store"
	"github.com/polyglotdesk/marketplace/internal/tasks"
)

// Prepass machine-translates a job's source so the translator starts from a
// draft.
type Prepass interface {
	Run(ctx context.Context, p tasks.MTPrepass) error
}

type prepass struct {
	jobs      *store.Jobs
	segments  *store.Segments
	files     objectstore.Store
	engine    mt.Translator
	batchSize int
}

// NewPrepass builds the pre-pass runner.
func NewPrepass(jobs *store.Jobs, segments *store.Segments, files objectstore.Store, engine mt.Translator) Prepass {
	return &prepass{jobs: jobs, segments: segments, files: files, engine: engine, batchSize: 50}
}

func (p *prepass) Run(ctx context.Context, in tasks.MTPrepass) error {
	job, err := p.jobs.Get(ctx, in.JobID)
	if err != nil {
		return err
	}
	if job.Status == domain.JobCancelled {
		return nil
	}
	raw, err := p.files.Get(ctx, job.SourceObjectKey)
	if err != nil {
		return err
	}
	source := splitSegments(string(raw))
	if len(source) == 0 {
		return fmt.Errorf("job %s: empty source", job.ID)
	}
	for start := 0; start < len(source); start += p.batchSize {
		end := min(start+p.batchSize, len(source))
		resp, err := p.engine.Translate(ctx, mt.TranslateRequest{
			Source:     job.SourceLang,
			Target:     job.TargetLang,
			Segments:   source[start:end],
			GlossaryID: in.GlossaryID,
			Formality:  in.Formality,
		})
		if err != nil {
			return err
		}
		if len(resp.Translations) != end-start {
			return fmt.Errorf("linguamt returned %d segments for %d", len(resp.Translations), end-start)
		}
		now := time.Now().UTC()
		batch := make([]domain.MTSegment, 0, end-start)
		for i, text := range resp.Translations {
			batch = append(batch, domain.MTSegment{
				ID:         "seg_" + platform.NewID(),
				JobID:      job.ID,
				Idx:        start + i,
				SourceText: source[start+i],
				MTText:     text,
				Engine:     resp.Engine,
				CreatedAt:  now,
				UpdatedAt:  now,
			})
		}
		if err := p.segments.SaveAll(ctx, batch); err != nil {
			return err
		}
	}
	return nil
}

// splitSegments breaks text into sentence-sized segments.
func splitSegments(text string) []string {
	var out []string
	var cur strings.Builder
	flush := func() {
		s := strings.TrimSpace(cur.String())
		if s != "" {
			out = append(out, s)
		}
		cur.Reset()
	}
	runes := []rune(text)
	for i, r := range runes {
		cur.WriteRune(r)
		switch r {
		case '\n':
			flush()
		case '.', '!', '?', '。':
			if i+1 == len(runes) || unicode.IsSpace(runes[i+1]) {
				flush()
			}
		}
	}
	flush()
	return out
}
