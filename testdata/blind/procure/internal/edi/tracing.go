package edi

import (
	"context"

	"go.opentelemetry.io/otel/attribute"
	"go.opentelemetry.io/otel/codes"
	"go.opentelemetry.io/otel/trace"
)

// Traced decorates a Client with OpenTelemetry spans.
type Traced struct {
	next   Client
	tracer trace.Tracer
}

// NewTraced wraps next.
func NewTraced(next *HTTPClient, tp trace.TracerProvider) *Traced {
	return &Traced{next: next, tracer: tp.Tracer("github.com/northmill/procure/internal/edi")}
}

// SendDocument implements Client.
func (t *Traced) SendDocument(ctx context.Context, doc Document, opts ...SendOption) (Receipt, error) {
	o := collect(opts)
	ctx, span := t.tracer.Start(ctx, "edi.SendDocument", trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(
			attribute.String("edi.doc_type", doc.Type),
			attribute.String("edi.receiver", doc.ReceiverID),
			attribute.String("edi.reference", doc.Reference),
			attribute.Bool("edi.interchange_ref.set", o.interchangeRef != ""),
		))
	defer span.End()

	rcpt, err := t.next.SendDocument(ctx, doc, opts...)
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
		return rcpt, err
	}
	span.SetAttributes(
		attribute.String("edi.document_id", rcpt.PartnerDocID),
		attribute.Bool("edi.duplicate", rcpt.Duplicate),
	)
	return rcpt, nil
}

// PostMessage implements Client.
func (t *Traced) PostMessage(ctx context.Context, msg PortalMessage) (MessageReceipt, error) {
	ctx, span := t.tracer.Start(ctx, "edi.PostMessage", trace.WithSpanKind(trace.SpanKindClient),
		trace.WithAttributes(
			attribute.String("edi.receiver", msg.ReceiverID),
			attribute.String("edi.category", msg.Category),
		))
	defer span.End()

	rcpt, err := t.next.PostMessage(ctx, msg)
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	return rcpt, err
}

// DocumentStatus implements Client.
func (t *Traced) DocumentStatus(ctx context.Context, partnerDocID string) (DocumentStatus, error) {
	ctx, span := t.tracer.Start(ctx, "edi.DocumentStatus", trace.WithSpanKind(trace.SpanKindClient))
	defer span.End()
	st, err := t.next.DocumentStatus(ctx, partnerDocID)
	if err != nil {
		span.RecordError(err)
		span.SetStatus(codes.Error, err.Error())
	}
	return st, err
}

var _ Client = (*Traced)(nil)
