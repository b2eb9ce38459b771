package sms

// Message is one outbound text.
type Message struct {
	To      string
	Body    string
	Purpose string
	// ClientRef is the provider's dedup reference: a second send with the same
	// ClientRef within 72h returns the original message instead of sending.
	ClientRef string
}

// Builder assembles a Message fluently.
type Builder struct {
	m Message
}

// NewMessage starts a message to the given E.164 number.
func NewMessage(to string) *Builder {
	return &Builder{m: Message{To: to}}
}

func (b *Builder) Text(body string) *Builder {
	b.m.Body = body
	return b
}

func (b *Builder) Purpose(p string) *Builder {
	b.m.Purpose = p
	return b
}

func (b *Builder) Ref(ref string) *Builder {
	b.m.ClientRef = ref
	return b
}

func (b *Builder) Build() Message {
	return b.m
}
