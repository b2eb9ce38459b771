package sarif

import (
	"encoding/json"
	"io"
)

// The types below model the SARIF 2.1.0 objects that New fills, with the
// properties it sets; their names are the standard's. Optional properties
// are omitted when empty, so that a log holds only what was found.

// A Log is a sarifLog: the top-level object of a SARIF file.
type Log struct {
	Schema  string `json:"$schema"`
	Version string `json:"version"`
	Runs    []Run  `json:"runs"`
}

// A Run is one invocation of one tool.
type Run struct {
	Tool Tool `json:"tool"`
	// OriginalURIBaseIDs gives the absolute URI of each uriBaseId that
	// artifact locations name, so that relative URIs can be resolved.
	OriginalURIBaseIDs map[string]ArtifactLocation `json:"originalUriBaseIds,omitempty"`
	// Results is never omitted: an empty list says the run found nothing,
	// where an absent one would say that results were not computed.
	Results    []Result `json:"results"`
	ColumnKind string   `json:"columnKind,omitempty"`
}

// A Tool is the analysis tool of a run.
type Tool struct {
	Driver ToolComponent `json:"driver"`
}

// A ToolComponent is the tool's driver: its name, version and rules.
type ToolComponent struct {
	Name           string                `json:"name"`
	Version        string                `json:"version,omitempty"`
	InformationURI string                `json:"informationUri,omitempty"`
	Rules          []ReportingDescriptor `json:"rules,omitempty"`
}

// A ReportingDescriptor describes a rule: here, one analyzer.
type ReportingDescriptor struct {
	ID                   string                    `json:"id"`
	Name                 string                    `json:"name,omitempty"`
	ShortDescription     *MultiformatMessageString `json:"shortDescription,omitempty"`
	FullDescription      *MultiformatMessageString `json:"fullDescription,omitempty"`
	Help                 *MultiformatMessageString `json:"help,omitempty"`
	HelpURI              string                    `json:"helpUri,omitempty"`
	DefaultConfiguration *ReportingConfiguration   `json:"defaultConfiguration,omitempty"`
}

// A MultiformatMessageString is a text with an optional Markdown form.
type MultiformatMessageString struct {
	Text     string `json:"text"`
	Markdown string `json:"markdown,omitempty"`
}

// A ReportingConfiguration is how a rule reports by default.
type ReportingConfiguration struct {
	Level string `json:"level,omitempty"`
}

// A Result is one finding: a diagnostic.
type Result struct {
	RuleID           string     `json:"ruleId"`
	RuleIndex        int        `json:"ruleIndex"`
	Level            string     `json:"level"`
	Message          Message    `json:"message"`
	Locations        []Location `json:"locations"`
	RelatedLocations []Location `json:"relatedLocations,omitempty"`
	Fixes            []Fix      `json:"fixes,omitempty"`

	// finding is the diagnostic's message, which identifies the finding:
	// Message adds links to the related locations, which differ when one
	// finding is found along two chains.
	finding string
}

// A Message is a plain text message.
type Message struct {
	Text string `json:"text"`
}

// A Location is a place in an artifact, with a message when it is a
// related location.
type Location struct {
	// ID is set on related locations only, numbering them from 1 within
	// their result.
	ID               int               `json:"id,omitempty"`
	PhysicalLocation *PhysicalLocation `json:"physicalLocation,omitempty"`
	Message          *Message          `json:"message,omitempty"`
}

// A PhysicalLocation is a region of a file.
type PhysicalLocation struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Region           *Region          `json:"region,omitempty"`
}

// An ArtifactLocation names a file: a URI relative to the base that
// URIBaseID names, or an absolute URI.
type ArtifactLocation struct {
	URI       string `json:"uri"`
	URIBaseID string `json:"uriBaseId,omitempty"`
}

// A Region is a range of lines and columns, both counted from 1. End
// columns are exclusive. SARIF reads a region without an end line as
// ending on its start line, and one without columns as whole lines.
type Region struct {
	StartLine   int `json:"startLine"`
	StartColumn int `json:"startColumn,omitempty"`
	EndLine     int `json:"endLine,omitempty"`
	EndColumn   int `json:"endColumn,omitempty"`
}

// A Fix is a suggested fix: edits to one or more files.
type Fix struct {
	Description     *Message         `json:"description,omitempty"`
	ArtifactChanges []ArtifactChange `json:"artifactChanges"`
}

// An ArtifactChange is the edits of a fix to one file.
type ArtifactChange struct {
	ArtifactLocation ArtifactLocation `json:"artifactLocation"`
	Replacements     []Replacement    `json:"replacements"`
}

// A Replacement replaces a region with new text. An empty region (equal
// start and end) is an insertion.
type Replacement struct {
	DeletedRegion   Region           `json:"deletedRegion"`
	InsertedContent *ArtifactContent `json:"insertedContent,omitempty"`
}

// An ArtifactContent is a text to insert.
type ArtifactContent struct {
	Text string `json:"text"`
}

// Write writes the log as indented JSON followed by a newline. HTML
// characters are not escaped, so that messages and code read as written.
func (l *Log) Write(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	return enc.Encode(l)
}
