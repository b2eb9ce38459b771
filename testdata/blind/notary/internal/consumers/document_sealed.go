package consumers

import (
	"context"

	"github.com/rs/xid"

	"github.com/sealpoint-labs/notary/internal/domain"
	"github.com/sealpoint-labs/notary/internal/events"
)

type JournalAppender interface {
	Append(ctx context.Context, e domain.JournalEntry) error
}

type SessionDirectory interface {
	Get(ctx context.Context, id string) (domain.Session, error)
	Signer(ctx context.Context, id string) (domain.Signer, error)
}

// DocumentSealed writes the journal entry for the notarial act that a
// seal represents.
type DocumentSealed struct {
	Journal  JournalAppender
	Sessions SessionDirectory
}

func (h *DocumentSealed) Handle(ctx context.Context, _ events.Delivery, ev events.DocumentSealed) error {
	sess, err := h.Sessions.Get(ctx, ev.SessionID)
	if err != nil {
		return err
	}
	signer, err := h.Sessions.Signer(ctx, sess.SignerID)
	if err != nil {
		return err
	}
	return h.Journal.Append(ctx, entryFromSeal(ev, sess, signer))
}

// entryFromSeal builds the statutory journal entry for an
// acknowledgment performed over audio-video.
func entryFromSeal(ev events.DocumentSealed, sess domain.Session, signer domain.Signer) domain.JournalEntry {
	sealID := ev.SealID
	return domain.JournalEntry{
		ID:             "jrn_" + xid.New().String(),
		NotaryID:       ev.NotaryID,
		SessionID:      ev.SessionID,
		SealID:         &sealID,
		ActType:        "acknowledgment",
		DocumentTitle:  ev.DocumentTitle,
		SignerName:     signer.FullName(),
		IDMethod:       "credential_analysis+kba",
		RecordingVideo: "sessions/" + sess.ID + "/av.mp4",
		EnteredAt:      ev.SealedAt,
	}
}
