package check

// allowedMentions are the functions a chapter's prose may name in a code
// span without a code block of it or an earlier chapter showing them, each
// with its reason: a helper the reader meets as a name only, a function a
// later chapter shows, a console command that shares a function's name.
// An entry no mention needs is a problem: the list only shrinks as
// chapters show more.
var allowedMentions = []allowedMention{}
