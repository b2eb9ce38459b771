package gallery

import (
	"context"
	"log/slog"

	"github.com/ThreeDotsLabs/watermill/message"

	"github.com/lenslane/photomarket/internal/events"
	"github.com/lenslane/photomarket/internal/renderq"
)

type jobSender interface {
	Send(ctx context.Context, job renderq.Job) (string, error)
}

// RenderDispatcher forwards uploaded originals to the renderer.
type RenderDispatcher struct {
	Jobs     jobSender
	Variants []renderq.Variant
	Logger   *slog.Logger
}

// Handle is the watermill handler for photo.uploaded.
func (d *RenderDispatcher) Handle(msg *message.Message) error {
	ev, err := events.Decode[events.PhotoUploaded](msg)
	if err != nil {
		return err
	}
	variants := d.Variants
	if len(variants) == 0 {
		variants = renderq.DefaultVariants
	}
	sqsID, err := d.Jobs.Send(msg.Context(), renderq.Job{
		PhotoID:   ev.PhotoID,
		GalleryID: ev.GalleryID,
		Bucket:    ev.Bucket,
		Key:       ev.Key,
		Variants:  variants,
	})
	if err != nil {
		return err
	}
	d.Logger.Debug("render job queued", "photo", ev.PhotoID, "sqs_message", sqsID)
	return nil
}
